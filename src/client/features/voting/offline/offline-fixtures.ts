import type { RatingBody } from '@shared/ratings';

/** Two fans and a rating maker for the offline store's tests. */
export const USER = '6f1c1d4e-8a0b-4c47-9c0e-3f7b9a1d2e3f';
export const OTHER = '0b5e2a7c-1d3f-4e6a-8b9c-7d2e1f0a3b4c';
export const rating = (playerId: number, value: number, userId = USER, matchId = 1): RatingBody => ({
  userId,
  playerId,
  matchId,
  rating: value,
});
