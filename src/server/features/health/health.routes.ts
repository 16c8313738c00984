import { SERVER_ERRORS } from '@shared/error-messages';
import { healthDown, healthOk, readyDown, readyOk } from '@shared/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbHandle } from '../../db/client';
import type { Readiness } from '../../lib/readiness';

export async function healthRoutes(
  base: FastifyInstance,
  opts: { database: DbHandle; readiness: Readiness },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    { schema: { response: { 200: healthOk, 503: healthDown } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await opts.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, message: SERVER_ERRORS.databaseUnreachable.message });
      }
    },
  );

  // For load balancers and orchestrators: 503 as soon as shutdown begins, so traffic moves before the close.
  app.get(
    '/api/ready',
    { schema: { response: { 200: readyOk, 503: readyDown } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await opts.readiness.check();
      if (answer.status === 'ready') return answer;
      const status = answer.status === 'draining' ? 'draining' : 'unavailable';
      return reply.status(503).send({ status, message: answer.message });
    },
  );
}
