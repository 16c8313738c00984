import { playerIdParams, playerList, seasonStats } from '@shared/players';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { sendJson } from '../../lib/json-answer';
import { signedIn } from '../../plugins/auth';
import type { AvailablePlayersCache } from './available-players-cache';
import { listPlayers, seasonStats as loadSeasonStats } from './players.service';

export async function playersRoutes(
  base: FastifyInstance,
  opts: { db: Database; available: AvailablePlayersCache },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/players', { preValidation: signedIn, schema: { response: { 200: playerList } } }, () =>
    listPlayers(opts.db),
  );
  app.get(
    '/api/players/available-for-rating',
    { preValidation: signedIn, schema: { response: { 200: playerList } } },
    async (_request, reply) => {
      // Available-for-rating is always fresh: never kept by the browser, and the
      // server's copy is dropped by any change to the squad.
      reply.header('cache-control', 'no-store');
      return sendJson(reply, await opts.available.json());
    },
  );
  app.get(
    '/api/players/:id/season-stats',
    { preValidation: signedIn, schema: { params: playerIdParams, response: { 200: seasonStats } } },
    (request) => loadSeasonStats(opts.db, request.params.id),
  );
}
