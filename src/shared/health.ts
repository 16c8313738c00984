import { z } from 'zod';

export const healthOk = z.object({ status: z.literal('ok') });
export const healthDown = z.object({ status: z.literal('unavailable'), message: z.string() });
