import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { LiveBus } from '../../lib/live-bus';
import type { MatchCache } from '../matches/match-cache';
import type { FinalVotesCache } from './final-votes-cache';
import { ratingsRoutes } from './ratings.routes';
import { resultsRoutes } from './results.routes';
import type { MatchSnapshots } from './results.service';
import { LeaderboardTicker, type TickerOptions } from './results-live.service';
import { votesRoutes } from './votes.routes';

/**
 * The match day as one slice: a fan's ratings and final vote, and the results they unlock, with the
 * leaderboard ticker that pushes them live and the final-votes cache that guards them.
 */
export async function matchDayRoutes(
  app: FastifyInstance,
  opts: {
    db: Database;
    snapshots: MatchSnapshots;
    matches: MatchCache;
    /** The app's: the leaderboard's fast read peeks into it too. */
    finalVotes: FinalVotesCache;
    bus: LiveBus;
    /** Namespace of the Redis keys the ticker claims. */
    redisPrefix: string;
    ticker?: TickerOptions;
  },
) {
  const { db, snapshots } = opts;
  const ticker = new LeaderboardTicker(
    {
      db,
      snapshots,
      live: app.live,
      bus: opts.bus,
      prefix: opts.redisPrefix,
      log: app.log,
      metrics: app.metrics,
    },
    opts.ticker,
  );
  app.addHook('onClose', async () => ticker.close());
  await app.register(ratingsRoutes, { db, ticker });
  await app.register(votesRoutes, { db, ticker });
  await app.register(resultsRoutes, {
    db,
    snapshots,
    matches: opts.matches,
    finalVotes: opts.finalVotes,
  });
}
