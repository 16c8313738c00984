import { resultsApi } from '@shared/match-day';
import type { MatchStats } from '@shared/ratings';
import { encodeJson } from '../../lib/json-answer';
import type { MatchSnapshot } from './results.service';

// The same for everyone who may read them: encoded once per snapshot, not per reader. The routes and the
// fast reads (plugins/fast-reads.ts) both send these, so they cannot send different bytes.
const leaderboardJson = new WeakMap<MatchSnapshot, string>();
const statsJson = new WeakMap<MatchSnapshot, string>();

function once(kept: WeakMap<MatchSnapshot, string>, snapshot: MatchSnapshot, encode: () => string): string {
  let json = kept.get(snapshot);
  if (json === undefined) {
    json = encode();
    kept.set(snapshot, json);
  }
  return json;
}

/** GET /api/leaderboard/match/:matchId's answer. */
export function encodedLeaderboard(snapshot: MatchSnapshot): string {
  return once(leaderboardJson, snapshot, () =>
    encodeJson(resultsApi.leaderboard.response, snapshot.leaderboard),
  );
}

/** The match's counts: read by the stats answer and pushed with each leaderboard. */
export function statsOf(snapshot: MatchSnapshot): MatchStats {
  return { totalRatings: snapshot.totalRatings, raters: snapshot.raters, heldBack: snapshot.heldBack };
}

/** GET /api/stats/match/:matchId's answer. */
export function encodedMatchStats(snapshot: MatchSnapshot): string {
  return once(statsJson, snapshot, () => encodeJson(resultsApi.matchStats.response, statsOf(snapshot)));
}
