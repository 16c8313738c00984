import type { PlayerMatchStats } from '@shared/ratings';

/** One decimal, as the server rounds a player's match average. */
export function roundAverage(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * The player's match figures right after the fan taps a value, before the server answers
 *: a re-rating replaces the fan's old value in the average, a first rating adds
 * one to the count, and with no figures yet the value itself is the average of one rating.
 */
export function optimisticPlayerStats(
  current: PlayerMatchStats | undefined,
  previousRating: number | undefined,
  rating: number,
): PlayerMatchStats {
  if (!current || current.average === null || current.count <= 0) return { average: rating, count: 1 };
  const total = current.average * current.count;
  if (previousRating !== undefined) {
    return { average: roundAverage((total - previousRating + rating) / current.count), count: current.count };
  }
  const count = current.count + 1;
  return { average: roundAverage((total + rating) / count), count };
}

export interface UserRatingEntry {
  playerId: number;
  rating: number;
}

/** The fan's own ratings with one player's value set (replaced or added). */
export function withUserRating(
  ratings: readonly UserRatingEntry[] | undefined,
  playerId: number,
  rating: number,
): UserRatingEntry[] {
  const list = ratings ?? [];
  return list.some((r) => r.playerId === playerId)
    ? list.map((r) => (r.playerId === playerId ? { playerId, rating } : r))
    : [...list, { playerId, rating }];
}

export interface VoteProgress {
  completed: number;
  total: number;
}

/** Progress after a rating: a first rating of a player completes one more, never beyond the total. */
export function optimisticProgress(
  current: VoteProgress | undefined,
  alreadyRated: boolean,
): VoteProgress | undefined {
  if (!current || alreadyRated) return current;
  return { ...current, completed: Math.min(current.completed + 1, current.total) };
}
