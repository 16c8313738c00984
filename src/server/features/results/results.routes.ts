import { errorBody } from '@shared/errors';
import { matchIdParams } from '@shared/matches';
import { averageOf } from '@shared/percent';
import {
  leaderboard,
  matchStats,
  playerMatchParams,
  playerMatchStats,
  RATING_MESSAGES,
  ratingDistribution,
} from '@shared/ratings';
import { motmResult } from '@shared/votes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { MatchRow } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { encodeJson, sendJson } from '../../lib/json-answer';
import { requireUser, signedIn } from '../../plugins/auth';
import type { MatchCache } from '../matches/match-cache';
import { findUserRating } from '../ratings/ratings.service';
import type { FinalVotesCache } from '../votes/final-votes-cache';
import { canSeePlayerAverage, canSeeResults, motmForFans } from './results.policy';
import type { MatchSnapshot, MatchSnapshots } from './results.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export async function resultsRoutes(
  base: FastifyInstance,
  opts: { db: Database; snapshots: MatchSnapshots; matches: MatchCache; finalVotes: FinalVotesCache },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, snapshots, matches, finalVotes } = opts;

  /** The match, once the user may see its results; 403 before their final vote. */
  async function resultsMatch(request: FastifyRequest, matchId: number): Promise<MatchRow> {
    const user = requireUser(request);
    const match = await matches.require(matchId);
    if (canSeeResults(user, match, false)) return match;
    if (!canSeeResults(user, match, await finalVotes.hasVoted(user.id, matchId)))
      throw forbidden(RATING_MESSAGES.resultsLocked);
    return match;
  }

  // The leaderboard is the same for everyone who may see it: encoded once per snapshot, not per reader.
  const leaderboardJson = new WeakMap<MatchSnapshot, string>();
  function encodedLeaderboard(snapshot: MatchSnapshot): string {
    let json = leaderboardJson.get(snapshot);
    if (json === undefined) {
      json = encodeJson(leaderboard, snapshot.leaderboard);
      leaderboardJson.set(snapshot, json);
    }
    return json;
  }

  app.get(
    '/api/stats/match/:matchId',
    { preValidation: signedIn, schema: { params: matchIdParams, response: { 200: matchStats, ...errors } } },
    async (request) => {
      await matches.require(request.params.matchId);
      return { totalRatings: (await snapshots.get(request.params.matchId)).totalRatings };
    },
  );

  app.get(
    '/api/ratings/player/:playerId/match/:matchId',
    {
      preValidation: signedIn,
      schema: { params: playerMatchParams, response: { 200: playerMatchStats, ...errors } },
    },
    async (request) => {
      const user = requireUser(request);
      const { playerId, matchId } = request.params;
      const match = await matches.require(matchId);
      if (!canSeePlayerAverage(user, match, false)) {
        const rated = (await findUserRating(db, user.id, playerId, matchId)) !== null;
        if (!canSeePlayerAverage(user, match, rated)) throw forbidden(RATING_MESSAGES.rateFirst);
      }
      const figures = (await snapshots.get(matchId)).players.get(playerId);
      return figures
        ? { average: averageOf(figures.sum, figures.count), count: figures.count }
        : { average: null, count: 0 };
    },
  );

  app.get(
    '/api/leaderboard/match/:matchId',
    { preValidation: signedIn, schema: { params: matchIdParams, response: { 200: leaderboard, ...errors } } },
    async (request, reply) => {
      await resultsMatch(request, request.params.matchId);
      return sendJson(reply, encodedLeaderboard(await snapshots.get(request.params.matchId)));
    },
  );

  app.get(
    '/api/ratings/match/:matchId/distribution',
    {
      preValidation: signedIn,
      schema: { params: matchIdParams, response: { 200: ratingDistribution, ...errors } },
    },
    async (request) => {
      await resultsMatch(request, request.params.matchId);
      return (await snapshots.get(request.params.matchId)).distribution;
    },
  );

  app.get(
    '/api/motm/:matchId',
    { preValidation: signedIn, schema: { params: matchIdParams, response: { 200: motmResult, ...errors } } },
    async (request) => {
      await resultsMatch(request, request.params.matchId);
      const motm = (await snapshots.get(request.params.matchId)).motm;
      return !motm || requireUser(request).isAdmin ? motm : motmForFans(motm);
    },
  );
}
