import { describe, expect, it } from 'vitest';
import { optimisticPlayerStats, optimisticProgress, withUserRating } from './optimistic-stats';

describe('optimisticPlayerStats', () => {
  it('uses the value as an average of one when there are no figures yet', () => {
    expect(optimisticPlayerStats(undefined, undefined, 7)).toEqual({ average: 7, count: 1 });
    expect(optimisticPlayerStats({ average: null, count: 0 }, undefined, 4)).toEqual({
      average: 4,
      count: 1,
    });
  });

  it('adds a first rating to the count and the average', () => {
    expect(optimisticPlayerStats({ average: 6, count: 3 }, undefined, 10)).toEqual({ average: 7, count: 4 });
  });

  it('replaces the fan’s earlier value without changing the count', () => {
    expect(optimisticPlayerStats({ average: 6, count: 3 }, 6, 9)).toEqual({ average: 7, count: 3 });
    expect(optimisticPlayerStats({ average: 8, count: 1 }, 8, 3)).toEqual({ average: 3, count: 1 });
  });

  it('rounds the average to one decimal', () => {
    expect(optimisticPlayerStats({ average: 7, count: 2 }, undefined, 8)).toEqual({ average: 7.3, count: 3 });
  });

  it('treats figures with no count as none, even if the fan rated before', () => {
    expect(optimisticPlayerStats({ average: null, count: 0 }, 5, 6)).toEqual({ average: 6, count: 1 });
  });
});

describe('withUserRating', () => {
  it('adds a new player and replaces a rated one', () => {
    expect(withUserRating(undefined, 3, 7)).toEqual([{ playerId: 3, rating: 7 }]);
    const list = [
      { playerId: 1, rating: 5 },
      { playerId: 2, rating: 6 },
    ];
    expect(withUserRating(list, 2, 9)).toEqual([
      { playerId: 1, rating: 5 },
      { playerId: 2, rating: 9 },
    ]);
    expect(withUserRating(list, 4, 1)).toHaveLength(3);
    expect(list[1]).toEqual({ playerId: 2, rating: 6 });
  });
});

describe('optimisticProgress', () => {
  it('counts a first rating and ignores a re-rating', () => {
    expect(optimisticProgress({ completed: 2, total: 14 }, false)).toEqual({ completed: 3, total: 14 });
    expect(optimisticProgress({ completed: 2, total: 14 }, true)).toEqual({ completed: 2, total: 14 });
    expect(optimisticProgress({ completed: 14, total: 14 }, false)).toEqual({ completed: 14, total: 14 });
    expect(optimisticProgress(undefined, false)).toBeUndefined();
  });
});
