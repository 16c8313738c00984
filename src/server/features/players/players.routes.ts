import { playerIdParams, playerList, seasonStats } from '@shared/players';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { signedIn } from '../../plugins/auth';
import { listAvailablePlayers, listPlayers, seasonStats as loadSeasonStats } from './players.service';

export async function playersRoutes(base: FastifyInstance, opts: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/players', { preValidation: signedIn, schema: { response: { 200: playerList } } }, () =>
    listPlayers(opts.db),
  );
  app.get(
    '/api/players/available-for-rating',
    { preValidation: signedIn, schema: { response: { 200: playerList } } },
    async (_request, reply) => {
      // product.md point 9: available-for-rating is always fresh.
      reply.header('cache-control', 'no-store');
      return listAvailablePlayers(opts.db);
    },
  );
  app.get(
    '/api/players/:id/season-stats',
    { preValidation: signedIn, schema: { params: playerIdParams, response: { 200: seasonStats } } },
    (request) => loadSeasonStats(opts.db, request.params.id),
  );
}
