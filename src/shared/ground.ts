import { z } from 'zod';
import { endpoint } from './endpoint';

/** Whether a consenting fan's page should send where it votes from: nothing about the ground itself. */
export const groundStatus = z.object({ active: z.boolean() });

/** Public, apart from the shield's admin contract so a fan's first load carries none of it. */
export const groundApi = {
  status: endpoint({ method: 'GET', path: '/api/ground', response: groundStatus }),
};
