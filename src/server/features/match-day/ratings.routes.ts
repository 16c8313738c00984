import { ratingsApi } from '@shared/match-day';
import { RATING_ERRORS } from '@shared/ratings';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import type { Metrics } from '../../lib/metrics';
import { route } from '../../lib/route';
import { requireUser, signedIn } from '../../plugins/auth';
import { canWriteAs, hasConsented } from './ratings.policy';
import { findUserRating, listUserRatings, saveRating } from './ratings.service';
import { canReadUserData } from './results.policy';

export async function ratingsRoutes(app: FastifyInstance, opts: { db: Database; metrics: Metrics }) {
  route(
    app,
    ratingsApi.save,
    { preValidation: signedIn, changes: (request) => [{ kind: 'rating', matchId: request.body.matchId }] },
    async (request) => {
      const user = requireUser(request);
      if (!canWriteAs(user, request.body.userId)) throw forbidden(RATING_ERRORS.notYourself);
      if (!hasConsented(user)) throw forbidden(RATING_ERRORS.consentRequired);
      const saved = await saveRating(opts.db, request.body);
      opts.metrics.ratingsSaved.inc();
      return saved;
    },
  );

  route(app, ratingsApi.userRating, { preValidation: signedIn }, async (request) => {
    const { userId, playerId, matchId } = request.params;
    if (!canReadUserData(requireUser(request), userId)) throw forbidden();
    return findUserRating(opts.db, userId, playerId, matchId);
  });

  route(app, ratingsApi.userRatings, { preValidation: signedIn }, async (request) => {
    const { userId, matchId } = request.params;
    if (!canReadUserData(requireUser(request), userId)) throw forbidden();
    return listUserRatings(opts.db, userId, matchId);
  });
}
