/** Goals per side: at least 0 (minus is disabled there) and at most the contract's two digits. */
export const GOALS_MIN = 0;
export const GOALS_MAX = 99;

export type Score = readonly [home: number, away: number];

/** The score is parsed from the 'home-away' text; the numbers are the fallback. */
export function parseScore(match: { score: string; homeScore: number; awayScore: number }): Score {
  const parsed = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/.exec(match.score);
  if (parsed) return [Number(parsed[1]), Number(parsed[2])];
  return [clampGoals(match.homeScore), clampGoals(match.awayScore)];
}

export function clampGoals(goals: number): number {
  if (!Number.isFinite(goals)) return GOALS_MIN;
  return Math.min(GOALS_MAX, Math.max(GOALS_MIN, Math.trunc(goals)));
}

export function formatScore([home, away]: Score): string {
  return `${home}-${away}`;
}

/** One goal more or less for one side, never below 0 or above 99. */
export function stepScore(score: Score, side: 'home' | 'away', delta: 1 | -1): Score {
  const [home, away] = score;
  return side === 'home' ? [clampGoals(home + delta), away] : [home, clampGoals(away + delta)];
}
