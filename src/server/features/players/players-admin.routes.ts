import { errorBody } from '@shared/errors';
import {
  FOOTBALL_API_NOT_CONFIGURED,
  playerBody,
  playerIdParams,
  playerImagesResult,
  playerResponse,
} from '@shared/players';
import { MAX_UPLOAD_BYTES } from '@shared/uploads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { adminOnly } from '../../plugins/auth';
import { liveAfter } from '../../plugins/live';
import { createFootballData } from './football-data';
import { createPlayer, updatePlayer, updatePlayerImages } from './players-admin.service';

export interface FootballApiConfig {
  url?: string;
  key?: string;
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** POST /api/admin/players, PUT /api/admin/players/:id, POST /api/admin/update-player-images. */
export async function playersAdminRoutes(
  base: FastifyInstance,
  opts: { db: Database; footballApi: FootballApiConfig },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, footballApi } = opts;
  const provider =
    footballApi.url && footballApi.key
      ? createFootballData({ url: footballApi.url, key: footballApi.key, maxImageBytes: MAX_UPLOAD_BYTES })
      : null;

  app.post(
    '/api/admin/players',
    {
      preValidation: adminOnly,
      config: liveAfter.squad,
      schema: { body: playerBody, response: { 201: playerResponse, ...errors } },
    },
    async (request, reply) => reply.status(201).send({ player: await createPlayer(db, request.body) }),
  );

  app.put(
    '/api/admin/players/:id',
    {
      preValidation: adminOnly,
      config: liveAfter.squad,
      schema: { params: playerIdParams, body: playerBody, response: { 200: playerResponse, ...errors } },
    },
    async (request) => ({ player: await updatePlayer(db, request.params.id, request.body) }),
  );

  app.post(
    '/api/admin/update-player-images',
    {
      preValidation: adminOnly,
      config: liveAfter.squad,
      schema: { response: { 200: playerImagesResult, ...errors } },
    },
    async (request) => {
      if (!provider) throw badRequest(FOOTBALL_API_NOT_CONFIGURED);
      return updatePlayerImages(db, provider, request.log);
    },
  );
}
