/**
 * Every query key of the fan page, in one place so any feature can invalidate another's data without
 * importing it. Keys are the API path in parts (product.md point 7), so invalidating a prefix such as
 * ['/api/user-votes'] refreshes every query below it.
 */
export const queryKeys = {
  players: ['/api/players'] as const,
  availablePlayers: ['/api/players/available-for-rating'] as const,
  /** The admin panel's view of the published set (refreshed by live squad messages too). */
  adminAvailablePlayers: ['/api/admin/available-for-rating'] as const,
  seasonStats: (playerId: number) => ['/api/players', playerId, 'season-stats'] as const,
  currentMatch: ['/api/matches/current'] as const,
  matchStats: (matchId: number) => ['/api/stats/match', matchId] as const,
  playerMatchStats: (playerId: number, matchId: number) =>
    ['/api/ratings/player', playerId, 'match', matchId] as const,
  userRatings: (userId: string, matchId: number) => ['/api/ratings/user', userId, 'match', matchId] as const,
  userRating: (userId: string, playerId: number, matchId: number) =>
    ['/api/ratings/user', userId, 'player', playerId, 'match', matchId] as const,
  distribution: (matchId: number) => ['/api/ratings/match', matchId, 'distribution'] as const,
  leaderboard: (matchId: number) => ['/api/leaderboard/match', matchId] as const,
  voteProgress: (userId: string, matchId: number) =>
    ['/api/user-votes', userId, 'match', matchId, 'progress'] as const,
  hasVoted: (userId: string, matchId: number) =>
    ['/api/user-votes', userId, 'match', matchId, 'has-voted'] as const,
  userVote: (userId: string, matchId: number) => ['/api/user-votes', userId, 'match', matchId] as const,
  motm: (matchId: number) => ['/api/motm', matchId] as const,
  announcement: ['/api/announcement'] as const,
  banners: ['/api/banners'] as const,
  /** Prefixes for broad invalidation after a rating or a vote. */
  prefixes: {
    ratings: ['/api/ratings/player'] as const,
    userRatings: ['/api/ratings/user'] as const,
    distribution: ['/api/ratings/match'] as const,
    userVotes: ['/api/user-votes'] as const,
    leaderboard: ['/api/leaderboard/match'] as const,
    stats: ['/api/stats/match'] as const,
    motm: ['/api/motm'] as const,
  },
} as const;
