import { errorBody } from '@shared/errors';
import { availableForRatingBody, playerList, updateSquadBody } from '@shared/players';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { adminOnly } from '../../plugins/auth';
import { liveAfter } from '../../plugins/live';
import { listAvailablePlayers } from '../players/players.service';
import { clearAllFromRating, setAvailableForRating, updateSquad } from './squad.service';

const ok = z.object({ success: z.literal(true), players: playerList });
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The admin calls that publish the squad for rating. */
export async function squadRoutes(base: FastifyInstance, opts: { db: Database }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const publish = { preValidation: adminOnly, config: liveAfter.availability };
  const squad = { preValidation: adminOnly, config: liveAfter.squad };
  const answer = async () => ({ success: true as const, players: await listAvailablePlayers(db) });

  app.get(
    '/api/admin/available-for-rating',
    { preValidation: adminOnly, schema: { response: { 200: playerList, ...errors } } },
    () => listAvailablePlayers(db),
  );
  app.post(
    '/api/admin/available-for-rating',
    { ...publish, schema: { body: availableForRatingBody, response: { 200: ok, ...errors } } },
    async (request) => {
      await setAvailableForRating(db, request.body.playerIds);
      return answer();
    },
  );
  app.post(
    '/api/admin/update-squad',
    { ...squad, schema: { body: updateSquadBody, response: { 200: ok, ...errors } } },
    async (request) => {
      await updateSquad(db, request.body.startingXI, request.body.substitutes);
      return answer();
    },
  );
  app.post(
    '/api/admin/clear-all-players',
    { ...publish, schema: { response: { 200: ok, ...errors } } },
    async () => {
      await clearAllFromRating(db);
      return answer();
    },
  );
}
