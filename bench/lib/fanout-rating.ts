/**
 * The product's round in the fanout benchmarks: one fan rates a player through POST /api/ratings, and
 * every socket must get that match's leaderboard_update with the ratings the database holds.
 */
import { type HttpPool, httpRequest } from '../../tests/support/http-client';
import type { ServerProcess } from '../../tests/support/processes';
import type { RoundTarget } from './fanout-rounds';
import { ratingsInMatch } from './fanout-seed';
import { type Fan, type MatchDay, type Product, ratingOf } from './product';

/** Rounds whose trigger is `rater`'s rating sent through `pool` to `server`. */
export function ratingRounds(options: {
  product: Product;
  day: MatchDay;
  rater: Fan;
  server: ServerProcess;
  pool: HttpPool;
}): RoundTarget {
  const { product, day, rater, server, pool } = options;
  // Counted across every run of these rounds, so a later run never repeats an earlier rating.
  let sent = 0;
  return {
    name: 'product',
    timesAnswer: true,
    seqGrows: true,
    trigger: async () => {
      // The rater goes round the players, a new value each pass.
      const { body } = ratingOf({ ...day, fans: [rater] }, sent);
      sent += 1;
      const res = await pool.request(
        httpRequest('POST', '/api/ratings', server.host, { Cookie: rater.cookie }, JSON.stringify(body)),
      );
      if (res.status !== 200) throw new Error(`rating refused: ${res.status} ${res.body.toString()}`);
    },
    check: async (_r, sample) => {
      const message = JSON.parse(sample) as {
        type?: string;
        data?: { matchId?: number; totalRatings?: number };
      };
      const expected = await ratingsInMatch(product, day.matchId);
      if (message.type !== 'leaderboard_update' || message.data?.matchId !== day.matchId)
        return `not this match's leaderboard_update: ${sample.slice(0, 80)}`;
      if (message.data.totalRatings !== expected)
        return `the update holds ${message.data.totalRatings} ratings, the database ${expected}`;
      return null;
    },
  };
}
