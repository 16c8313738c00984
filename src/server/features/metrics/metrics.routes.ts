import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../lib/metrics';
import { hashToken } from '../../lib/tokens';

/** The token's SHA-256, as sessions store theirs: equal lengths for the constant-time compare. */
const digest = (value: string) => Buffer.from(hashToken(value), 'hex');

/** Whether the Authorization header is `Bearer <token>`, compared in constant time (of equal-length digests). */
export function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const token = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  return token !== undefined && timingSafeEqual(digest(token), expected);
}

/**
 * `GET /metrics` on the public port, for a Prometheus that can only reach it: served only when
 * METRICS_TOKEN is set and sent as a bearer token. Any other call gets what an unknown path gets, so
 * nothing tells a stranger it exists. (The operations port serves it without a token: lib/ops-server.ts.)
 */
export async function metricsRoutes(app: FastifyInstance, opts: { metrics: Metrics; token?: string }) {
  const expected = opts.token ? digest(opts.token) : null;
  app.get('/metrics', async (request, reply) => {
    if (!expected || !bearerMatches(request.headers.authorization, expected)) return reply.callNotFound();
    const text = await opts.metrics.scrape();
    return reply.header('cache-control', 'no-store').type(opts.metrics.contentType).send(text);
  });
}
