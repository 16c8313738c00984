import { resultsApi } from '@shared/match-day';
import { averageOf } from '@shared/percent';
import { RATING_ERRORS } from '@shared/ratings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { MatchRow, UserRow } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { sendJson } from '../../lib/json-answer';
import { route } from '../../lib/route';
import { requireUser, signedIn } from '../../plugins/auth';
import type { MatchCache } from '../matches/match-cache';
import type { FinalVotesCache } from './final-votes-cache';
import { findUserRating } from './ratings.service';
import { canSeePlayerAverage, motmForFans, resultsVisibleGiven } from './results.policy';
import { type MatchSnapshots, motmSeenBy } from './results.service';
import { encodedLeaderboard, encodedMatchStats } from './results-answers';

export async function resultsRoutes(
  app: FastifyInstance,
  opts: { db: Database; snapshots: MatchSnapshots; matches: MatchCache; finalVotes: FinalVotesCache },
) {
  const { db, snapshots, matches, finalVotes } = opts;

  /** The match, once the user may see its results; 403 before their final vote. */
  async function resultsMatch(request: FastifyRequest, matchId: number): Promise<MatchRow> {
    const user = requireUser(request);
    const match = await matches.require(matchId);
    // The vote is asked only when it decides; the fast read below asks the same helper.
    const visible =
      resultsVisibleGiven(user, match, undefined) ??
      resultsVisibleGiven(user, match, await finalVotes.hasVoted(user.id, matchId));
    if (!visible) throw forbidden(RATING_ERRORS.resultsLocked);
    return match;
  }

  /** resultsMatch's answer from memory alone: true, or the route must decide (and maybe read). */
  function resultsVisibleNow(user: UserRow, matchId: number): boolean {
    const match = matches.peek(matchId);
    return (
      match !== undefined && resultsVisibleGiven(user, match, finalVotes.peek(user.id, matchId)) === true
    );
  }
  /** The kept figures, encoded, while they hold every write: the fast reads' answers. */
  const kept = (encode: typeof encodedMatchStats) => (params: { matchId: number }) => {
    const snapshot = snapshots.peek(params.matchId);
    return snapshot && encode(snapshot);
  };

  const signedInOnly = { preValidation: signedIn };

  route(
    app,
    resultsApi.matchStats,
    {
      ...signedInOnly,
      // A match's stats are no secret: any signed-in fan of a known match may read them.
      fastRead: {
        policy: (_user, { matchId }) => matches.peek(matchId) !== undefined,
        answer: kept(encodedMatchStats),
      },
    },
    async (request, reply) => {
      await matches.require(request.params.matchId);
      return sendJson(reply, encodedMatchStats(await snapshots.get(request.params.matchId)));
    },
  );

  route(app, resultsApi.playerStats, signedInOnly, async (request) => {
    const user = requireUser(request);
    const { playerId, matchId } = request.params;
    const match = await matches.require(matchId);
    if (!canSeePlayerAverage(user, match, false)) {
      const rated = (await findUserRating(db, user.id, playerId, matchId)) !== null;
      if (!canSeePlayerAverage(user, match, rated)) throw forbidden(RATING_ERRORS.rateFirst);
    }
    const figures = (await snapshots.get(matchId)).players.get(playerId);
    return figures
      ? { average: averageOf(figures.sum, figures.count), count: figures.count }
      : { average: null, count: 0 };
  });

  route(
    app,
    resultsApi.leaderboard,
    {
      ...signedInOnly,
      fastRead: {
        policy: (user, { matchId }) => resultsVisibleNow(user, matchId),
        answer: kept(encodedLeaderboard),
      },
    },
    async (request, reply) => {
      await resultsMatch(request, request.params.matchId);
      return sendJson(reply, encodedLeaderboard(await snapshots.get(request.params.matchId)));
    },
  );

  route(app, resultsApi.distribution, signedInOnly, async (request) => {
    await resultsMatch(request, request.params.matchId);
    return (await snapshots.get(request.params.matchId)).distribution;
  });

  route(app, resultsApi.motm, signedInOnly, async (request) => {
    const { matchId } = request.params;
    await resultsMatch(request, matchId);
    const user = requireUser(request);
    // Read just after the fan's own vote: waiting for figures holding it cost the match day its p99. The
    // kept figures with their vote counted answer them alone; everyone's follow at the next tick.
    const snapshot = await snapshots.recent(matchId);
    const motm = motmSeenBy(snapshot, snapshots.unseenVote(matchId, user.id, snapshot));
    return !motm || user.isAdmin ? motm : motmForFans(motm);
  });
}
