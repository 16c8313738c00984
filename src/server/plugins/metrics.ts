import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Metrics, rejectionReason } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics (lib/metrics.ts). */
    metrics: Metrics;
  }
}

/**
 * The figures every answer feeds: refused writes by route and reason, and how long answers take. Callback
 * hooks, so an answer costs no promise here. Live sockets are long by nature and left out of durations.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { metrics: Metrics }) => {
  const { metrics } = opts;
  app.decorate('metrics', metrics);
  // In onSend, where the answer's body (and so its error code) is at hand.
  app.addHook('onSend', (request, reply, payload, done) => {
    const status = reply.statusCode;
    if (status >= 400 && request.method !== 'GET' && request.method !== 'HEAD')
      metrics.rejectedWrites.inc({
        route: request.routeOptions.url ?? 'unmatched',
        reason: rejectionReason(payload, status),
      });
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.raw.headers.upgrade === undefined)
      metrics.observeHttp(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime);
    done();
  });
});
