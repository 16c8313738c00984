import { playersApi } from '@shared/players';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { sendJson } from '../../lib/json-answer';
import { route } from '../../lib/route';
import { signedIn } from '../../plugins/auth';
import type { AvailablePlayersCache } from './available-players-cache';
import { listPlayers, seasonStats as loadSeasonStats } from './players.service';

export async function playersRoutes(
  app: FastifyInstance,
  opts: { db: Database; available: AvailablePlayersCache },
) {
  const signedInOnly = { preValidation: signedIn };
  route(app, playersApi.list, signedInOnly, () => listPlayers(opts.db));
  route(app, playersApi.available, signedInOnly, async (_request, reply) => {
    // Available-for-rating is always fresh: never kept by the browser, and the
    // server's copy is dropped by any change to the squad.
    reply.header('cache-control', 'no-store');
    return sendJson(reply, await opts.available.json());
  });
  route(app, playersApi.seasonStats, signedInOnly, (request) => loadSeasonStats(opts.db, request.params.id));
}
