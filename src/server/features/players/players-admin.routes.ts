import { PLAYER_ERRORS } from '@shared/players';
import { squadApi } from '@shared/squad';
import { MAX_UPLOAD_BYTES } from '@shared/uploads';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { route } from '../../lib/route';
import { adminOnly } from '../../plugins/auth';
import { createFootballData } from './football-data';
import { createPlayer, updatePlayer, updatePlayerImages } from './players-admin.service';

export interface FootballApiConfig {
  url?: string;
  key?: string;
}

/** POST /api/admin/players, PUT /api/admin/players/:id, POST /api/admin/update-player-images. */
export async function playersAdminRoutes(
  app: FastifyInstance,
  opts: { db: Database; footballApi: FootballApiConfig },
) {
  const { db, footballApi } = opts;
  const provider =
    footballApi.url && footballApi.key
      ? createFootballData({ url: footballApi.url, key: footballApi.key, maxImageBytes: MAX_UPLOAD_BYTES })
      : null;

  const squad = { preValidation: adminOnly, changes: [{ kind: 'players', what: 'squad' }] as const };

  route(app, squadApi.createPlayer, squad, async (request, reply) =>
    reply.status(201).send({ player: await createPlayer(db, request.body) }),
  );

  route(app, squadApi.updatePlayer, squad, async (request) => ({
    player: await updatePlayer(db, request.params.id, request.body),
  }));

  route(app, squadApi.updateImages, squad, async (request) => {
    if (!provider) throw badRequest(PLAYER_ERRORS.imagesNotConfigured);
    return updatePlayerImages(db, provider, request.log);
  });
}
