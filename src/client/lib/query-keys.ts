import { keyOf, prefixOf } from '@shared/endpoint';
import { ratingsApi, resultsApi, votesApi } from '@shared/match-day';
import { matchesApi } from '@shared/matches';
import { playersApi } from '@shared/players';

/**
 * Every query key of the fan page, in one place so any feature can invalidate another's data without
 * importing it. Keys are the API path in parts (derived from the shared endpoints), so invalidating a prefix such as
 * ['/api/user-votes'] refreshes every query below it.
 */
export const queryKeys = {
  players: keyOf(playersApi.list),
  availablePlayers: keyOf(playersApi.available),
  /** The admin panel's view of the published set (refreshed by live squad messages too). */
  // squadApi.available's key, written out so a fan's first load carries no admin contract (query-keys.test.ts).
  adminAvailablePlayers: ['/api/admin/available-for-rating'] as const,
  seasonStats: (playerId: number) => keyOf(playersApi.seasonStats, { id: playerId }),
  currentMatch: keyOf(matchesApi.current),
  matches: keyOf(matchesApi.list),
  matchStats: (matchId: number) => keyOf(resultsApi.matchStats, { matchId }),
  playerMatchStats: (playerId: number, matchId: number) =>
    keyOf(resultsApi.playerStats, { playerId, matchId }),
  userRatings: (userId: string, matchId: number) => keyOf(ratingsApi.userRatings, { userId, matchId }),
  userRating: (userId: string, playerId: number, matchId: number) =>
    keyOf(ratingsApi.userRating, { userId, playerId, matchId }),
  distribution: (matchId: number) => keyOf(resultsApi.distribution, { matchId }),
  leaderboard: (matchId: number) => keyOf(resultsApi.leaderboard, { matchId }),
  voteProgress: (userId: string, matchId: number) => keyOf(votesApi.progress, { userId, matchId }),
  hasVoted: (userId: string, matchId: number) => keyOf(votesApi.hasVoted, { userId, matchId }),
  userVote: (userId: string, matchId: number) => keyOf(votesApi.userVote, { userId, matchId }),
  motm: (matchId: number) => keyOf(resultsApi.motm, { matchId }),
  announcement: ['/api/announcement'] as const,
  banners: ['/api/banners'] as const,
  /** Prefixes for broad invalidation after a rating or a vote. */
  prefixes: {
    ratings: prefixOf(resultsApi.playerStats),
    userRatings: prefixOf(ratingsApi.userRatings),
    distribution: prefixOf(resultsApi.distribution),
    userVotes: prefixOf(votesApi.userVote),
    leaderboard: prefixOf(resultsApi.leaderboard),
    stats: prefixOf(resultsApi.matchStats),
    motm: prefixOf(resultsApi.motm),
  },
} as const;
