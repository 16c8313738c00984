import { z } from 'zod';

/** Liveness: the process answers, and so does its database. */
export const healthOk = z.object({ status: z.literal('ok') });
export const healthDown = z.object({ status: z.literal('unavailable'), message: z.string() });

/** Readiness: whether the instance should be sent traffic (not starting, not shutting down, database up). */
export const readyOk = z.object({ status: z.literal('ready') });
export const readyDown = z.object({ status: z.enum(['draining', 'unavailable']), message: z.string() });
