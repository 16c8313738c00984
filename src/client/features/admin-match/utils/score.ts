import { clampGoals, type Score } from '@client/lib/match-format';

/** One goal more or less for one side, never below 0 or above 99. */
export function stepScore(score: Score, side: 'home' | 'away', delta: 1 | -1): Score {
  const [home, away] = score;
  return side === 'home' ? [clampGoals(home + delta), away] : [home, clampGoals(away + delta)];
}
