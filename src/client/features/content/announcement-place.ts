import { matchPhase } from '@shared/rules';

/**
 * Where the announcement shows, whenever there is one. Before kick-off (or with no match) it heads the
 * home screen; once the match is on it sits in the side column, after the leaderboard (after the players
 * on a phone), so the players keep the phone's first screen while voting is open.
 */
export function announcementPlace(match: { isLive: boolean; startedAt: unknown } | null): 'top' | 'side' {
  return match === null || matchPhase(match) === 'preparing' ? 'top' : 'side';
}
