import type { UpdateMatchBody } from '@shared/matches';
import { type MatchPhase, matchPhase } from '@shared/rules';

/** The admin's match state selector: the match's phase, which the admin sets. */
export type MatchState = MatchPhase;

export const MATCH_STATES: { value: MatchState; label: string; hint: string }[] = [
  { value: 'preparing', label: 'Preparing', hint: 'Voting disabled' },
  { value: 'live', label: 'Live', hint: 'Voting enabled' },
  { value: 'ended', label: 'Ended', hint: 'Voting frozen' },
];

/**
 * The change each state sends. Live lets the server set startedAt (and refuse when nobody is
 * published); Preparing clears it; Ended only stops the match.
 */
export function matchStatePatch(state: MatchState): UpdateMatchBody {
  switch (state) {
    case 'preparing':
      return { isLive: false, startedAt: null };
    case 'live':
      return { isLive: true };
    case 'ended':
      return { isLive: false };
  }
}

/** A match that never started cannot end: its Ended choice is unavailable. */
export function canChooseState(match: { isLive: boolean; startedAt: string | null }, state: MatchState) {
  return state !== 'ended' || matchPhase(match) !== 'preparing';
}
