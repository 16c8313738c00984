import { describe, expect, it } from 'vitest';
import { competitionRanks } from './competition-ranks';

describe('competitionRanks', () => {
  it('gives players on the same shown average the same rank, and skips the ranks they share', () => {
    expect(competitionRanks([8.4, 7, 7, 6.5])).toEqual([1, 2, 2, 4]);
  });

  it('ties on the one-decimal figure the fan sees, not on hidden decimals', () => {
    expect(competitionRanks([7.04, 7.01, 6.96])).toEqual([1, 1, 1]);
    expect(competitionRanks([7.06, 7.04])).toEqual([1, 2]);
  });

  it('shares first place too, and handles an empty board', () => {
    expect(competitionRanks([9, 9, 9, 8])).toEqual([1, 1, 1, 4]);
    expect(competitionRanks([])).toEqual([]);
  });
});
