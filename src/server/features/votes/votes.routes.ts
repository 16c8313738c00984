import { errorBody } from '@shared/errors';
import { RATING_MESSAGES, userMatchParams } from '@shared/ratings';
import { hasVoted, userVote, voteBody, voteProgress } from '@shared/votes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { requireUser, signedIn } from '../../plugins/auth';
import { hasConsented, isSelf } from '../ratings/ratings.policy';
import { hasFinalVote } from '../ratings/ratings.service';
import { canReadUserData } from '../results/results.policy';
import type { LeaderboardTicker } from '../results/results-live.service';
import { findUserVote, voteProgress as loadProgress, submitVote } from './votes.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const submitted = z.object({
  userId: z.string(),
  matchId: z.number().int(),
  motmPlayerId: z.number().int(),
  isComplete: z.boolean(),
});

export async function votesRoutes(base: FastifyInstance, opts: { db: Database; ticker: LeaderboardTicker }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const ownOrAdmin = { preValidation: signedIn };

  app.get(
    '/api/user-votes/:userId/match/:matchId/progress',
    { ...ownOrAdmin, schema: { params: userMatchParams, response: { 200: voteProgress, ...errors } } },
    async (request) => {
      if (!canReadUserData(requireUser(request), request.params.userId)) throw forbidden();
      return loadProgress(db, request.params.userId, request.params.matchId);
    },
  );

  app.get(
    '/api/user-votes/:userId/match/:matchId/has-voted',
    { ...ownOrAdmin, schema: { params: userMatchParams, response: { 200: hasVoted, ...errors } } },
    async (request) => {
      if (!canReadUserData(requireUser(request), request.params.userId)) throw forbidden();
      return { hasVoted: await hasFinalVote(db, request.params.userId, request.params.matchId) };
    },
  );

  app.get(
    '/api/user-votes/:userId/match/:matchId',
    { ...ownOrAdmin, schema: { params: userMatchParams, response: { 200: userVote, ...errors } } },
    async (request) => {
      if (!canReadUserData(requireUser(request), request.params.userId)) throw forbidden();
      return findUserVote(db, request.params.userId, request.params.matchId);
    },
  );

  app.post(
    '/api/user-votes',
    { preValidation: signedIn, schema: { body: voteBody, response: { 201: submitted, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      if (!isSelf(user, request.body.userId)) throw forbidden(RATING_MESSAGES.notYourself);
      if (!hasConsented(user)) throw forbidden(RATING_MESSAGES.consentRequired);
      const vote = await submitVote(db, request.body);
      base.live.userVoted(user.id, request.body.matchId);
      opts.ticker.noteWrite(request.body.matchId, 'vote');
      return reply.status(201).send(vote);
    },
  );
}
