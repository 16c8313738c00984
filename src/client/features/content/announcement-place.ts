import { matchPhase } from '@shared/rules';

/**
 * Where the announcement shows, whenever there is one. Before kick-off (or with no match) it heads the
 * home screen; once the match is on it sits at the top of the side column, after the players on a
 * phone, so the players keep the phone's first screen while voting is open.
 */
export function announcementPlace(match: { isLive: boolean; startedAt: unknown } | null): 'top' | 'side' {
  return match === null || matchPhase(match) === 'preparing' ? 'top' : 'side';
}
