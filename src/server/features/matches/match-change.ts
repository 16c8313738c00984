import type { MatchChange } from '@shared/live';
import { matchPhase } from '@shared/rules';

interface MatchFacts {
  isLive: boolean;
  isHalfTime: boolean;
  startedAt: unknown;
  homeScore: number;
  awayScore: number;
  score: string;
}

/**
 * What one admin change did to the match, most telling first: a change of phase, then half time,
 * then the score. Anything else (title, venue, date) is 'details'.
 */
export function describeMatchChange(before: MatchFacts, after: MatchFacts): MatchChange {
  const score = after.score;
  const was = matchPhase(before);
  const now = matchPhase(after);
  if (was !== now) {
    if (now === 'live') return { kind: was === 'ended' ? 'reopened' : 'kick-off', score };
    return { kind: now === 'ended' ? 'full-time' : 'back-to-preparation', score };
  }
  if (now === 'live' && before.isHalfTime !== after.isHalfTime)
    return { kind: after.isHalfTime ? 'half-time' : 'second-half', score };
  const home = after.homeScore - before.homeScore;
  const away = after.awayScore - before.awayScore;
  if (home !== 0 || away !== 0) {
    // A goal only while the ball is in play; a lower score, or one set after the end, is a correction.
    const scored = now === 'live' && home >= 0 && away >= 0;
    return { kind: scored ? 'goal' : 'score-corrected', score };
  }
  return { kind: 'details', score };
}
