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

export interface StateConfirmation {
  title: string;
  description: string;
  confirmLabel: string;
}

/**
 * The confirm step before a change that every fan feels at once, saying what it does (the rules in
 * shared/rules.ts: an ended match shows its results to everyone and takes no ratings). Starting a match
 * in preparation needs none.
 */
export function stateConfirmation(from: MatchState, to: MatchState): StateConfirmation | null {
  if (from === to) return null;
  if (to === 'ended')
    return {
      title: 'End the match?',
      description:
        'Voting closes for every fan: nobody can rate players or submit a final vote any more. The results (leaderboard, Man of the Match and every rating) are shown to all fans. You can reopen voting later.',
      confirmLabel: 'End Match',
    };
  if (to === 'live' && from === 'ended')
    return {
      title: 'Reopen voting?',
      description:
        'Voting opens again for every fan who has not submitted a final vote. The results are hidden again from fans who have not voted, until they vote or you end the match again. Ratings and votes already given are kept, and fans who voted cannot change their vote.',
      confirmLabel: 'Reopen Voting',
    };
  if (to === 'preparing')
    return {
      title: 'Move the match back to preparing?',
      description: `${from === 'live' ? 'Voting closes for every fan and the' : 'The'} match shows as Not Started. The results are hidden again from fans who have not voted. Ratings and votes already given are kept, and starting the match again sets a new kick-off.`,
      confirmLabel: 'Back to Preparing',
    };
  return null;
}
