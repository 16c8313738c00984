import { errorBody } from '@shared/errors';
import {
  RATING_MESSAGES,
  ratingBody,
  ratingSaved,
  userMatchParams,
  userPlayerMatchParams,
  userRating,
  userRatings,
} from '@shared/ratings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { requireUser, signedIn } from '../../plugins/auth';
import { canReadUserData } from '../results/results.policy';
import type { LeaderboardTicker } from '../results/results-live.service';
import { hasConsented, isSelf } from './ratings.policy';
import { findUserRating, listUserRatings, saveRating } from './ratings.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export async function ratingsRoutes(
  base: FastifyInstance,
  opts: { db: Database; ticker: LeaderboardTicker },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/ratings',
    {
      preValidation: signedIn,
      config: { leavesUserUnchanged: true },
      schema: { body: ratingBody, response: { 200: ratingSaved, ...errors } },
    },
    async (request) => {
      const user = requireUser(request);
      if (!isSelf(user, request.body.userId)) throw forbidden(RATING_MESSAGES.notYourself);
      if (!hasConsented(user)) throw forbidden(RATING_MESSAGES.consentRequired);
      const saved = await saveRating(opts.db, request.body);
      opts.ticker.noteWrite(request.body.matchId, 'rating');
      return saved;
    },
  );

  app.get(
    '/api/ratings/user/:userId/player/:playerId/match/:matchId',
    {
      preValidation: signedIn,
      schema: { params: userPlayerMatchParams, response: { 200: userRating, ...errors } },
    },
    async (request) => {
      const { userId, playerId, matchId } = request.params;
      if (!canReadUserData(requireUser(request), userId)) throw forbidden();
      return findUserRating(opts.db, userId, playerId, matchId);
    },
  );

  app.get(
    '/api/ratings/user/:userId/match/:matchId',
    {
      preValidation: signedIn,
      schema: { params: userMatchParams, response: { 200: userRatings, ...errors } },
    },
    async (request) => {
      const { userId, matchId } = request.params;
      if (!canReadUserData(requireUser(request), userId)) throw forbidden();
      return listUserRatings(opts.db, userId, matchId);
    },
  );
}
