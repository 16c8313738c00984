import { healthDown, healthOk } from '@shared/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbHandle } from '../../db/client';

export async function healthRoutes(base: FastifyInstance, opts: { database: DbHandle }) {
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
        return reply.status(503).send({ status: 'unavailable' as const, message: 'Database unreachable' });
      }
    },
  );
}
