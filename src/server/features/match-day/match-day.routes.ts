import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Metrics } from '../../lib/metrics';
import type { MatchCache } from '../matches/match-cache';
import type { BallotReviews } from '../shield/ballot-reviews';
import type { FinalVotesCache } from './final-votes-cache';
import { ratingsRoutes } from './ratings.routes';
import { resultsRoutes } from './results.routes';
import type { MatchSnapshots } from './results.service';
import { votesRoutes } from './votes.routes';

/**
 * The match day as one slice: a fan's ratings and final vote, and the results they unlock, with the
 * final-votes cache that guards them. The ratings and votes say what they changed; the leaderboard
 * ticker that pushes the figures live hears of it from there (plugins/changes.ts).
 */
export async function matchDayRoutes(
  app: FastifyInstance,
  opts: {
    db: Database;
    snapshots: MatchSnapshots;
    matches: MatchCache;
    /** Who has voted: the results routes and their fast reads ask it. */
    finalVotes: FinalVotesCache;
    metrics: Metrics;
    /** Reads each vote's ballot for the shield, after the answer. */
    ballotReviews: BallotReviews;
  },
) {
  const { db, snapshots, metrics } = opts;
  await app.register(ratingsRoutes, { db, metrics });
  await app.register(votesRoutes, { db, metrics, ballotReviews: opts.ballotReviews, snapshots });
  await app.register(resultsRoutes, {
    db,
    snapshots,
    matches: opts.matches,
    finalVotes: opts.finalVotes,
  });
}
