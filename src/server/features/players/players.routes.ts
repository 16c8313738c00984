import { REQUEST_ERRORS } from '@shared/error-messages';
import { PLAYER_ERRORS, PLAYER_PORTRAIT_PATH, playerPortraitParams, playersApi } from '@shared/players';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { sendJson } from '../../lib/json-answer';
import { route } from '../../lib/route';
import { signedIn } from '../../plugins/auth';
import { getClubColours } from '../settings/settings.service';
import type { AvailablePlayersCache } from './available-players-cache';
import {
  PORTRAIT_CONTENT_TYPE,
  PortraitRenderer,
  portraitFile,
  portraitSpec,
} from './player-portrait.service';
import {
  AVAILABLE_CACHE_CONTROL,
  findPlayer,
  listPlayers,
  seasonStats as loadSeasonStats,
} from './players.service';

/** A portrait's address names what it draws, so that answer never changes; an older address may. */
const VERSIONED_PORTRAIT_CACHE = 'public, max-age=31536000, immutable';
const OUTDATED_PORTRAIT_CACHE = 'no-cache';

export async function playersRoutes(
  app: FastifyInstance,
  opts: { db: Database; available: AvailablePlayersCache },
) {
  const signedInOnly = { preValidation: signedIn };
  route(app, playersApi.list, signedInOnly, () => listPlayers(opts.db));
  const availableHeaders = { 'cache-control': AVAILABLE_CACHE_CONTROL };
  route(
    app,
    playersApi.available,
    {
      ...signedInOnly,
      // Every signed-in fan reads the same list.
      fastRead: { policy: () => true, answer: () => opts.available.peek(), headers: availableHeaders },
    },
    async (_request, reply) => {
      reply.headers(availableHeaders);
      return sendJson(reply, await opts.available.json());
    },
  );
  route(app, playersApi.seasonStats, signedInOnly, (request) => loadSeasonStats(opts.db, request.params.id));

  // Public like uploads: an <img> asks for it, and it shows no more than the squad list does.
  const portraits = new PortraitRenderer();
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(PLAYER_PORTRAIT_PATH, { schema: { params: playerPortraitParams } }, async (request, reply) => {
      const [player, colours] = await Promise.all([
        findPlayer(opts.db, request.params.id),
        getClubColours(opts.db),
      ]);
      if (!player) throw notFound(PLAYER_ERRORS.notFound);
      if (!/^[0-9a-f]{16}\.webp$/.test(request.params.file)) throw notFound(REQUEST_ERRORS.portraitNotFound);
      // An address from before a rename, a new number or new club colours still gets the current
      // portrait, briefly kept.
      const spec = portraitSpec(player, colours);
      const etag = `"${spec.version}"`;
      reply
        .header(
          'cache-control',
          request.params.file === portraitFile(spec) ? VERSIONED_PORTRAIT_CACHE : OUTDATED_PORTRAIT_CACHE,
        )
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(PORTRAIT_CONTENT_TYPE).send(await portraits.image(spec));
    });
}
