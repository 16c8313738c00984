import { i18n } from '@client/lib/i18n/i18n';
import type { UpdateMatchBody } from '@shared/matches';
import { type MatchPhase, matchPhase } from '@shared/rules';

/** The admin's match state selector: the match's phase, which the admin sets. */
export type MatchState = MatchPhase;

/** Labels and hints are catalogue keys, translated where they are shown. */
export const MATCH_STATES = [
  { value: 'preparing', labelKey: 'admin-match.state.preparing', hintKey: 'admin-match.state.preparingHint' },
  { value: 'live', labelKey: 'admin-match.state.live', hintKey: 'admin-match.state.liveHint' },
  { value: 'ended', labelKey: 'admin-match.state.ended', hintKey: 'admin-match.state.endedHint' },
] as const satisfies readonly { value: MatchState; labelKey: string; hintKey: string }[];

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
 * in preparation needs none. The text is in the language being read when the change is asked for.
 */
export function stateConfirmation(from: MatchState, to: MatchState): StateConfirmation | null {
  if (from === to) return null;
  if (to === 'ended')
    return {
      title: i18n._('admin-match.confirm.endTitle'),
      description: i18n._('admin-match.confirm.endDescription'),
      confirmLabel: i18n._('admin-match.confirm.endLabel'),
    };
  // Going live opens voting and sends a notification to every fan who asked for one: never one tap.
  if (to === 'live' && from === 'preparing')
    return {
      title: i18n._('admin-match.confirm.liveTitle'),
      description: i18n._('admin-match.confirm.liveDescription'),
      confirmLabel: i18n._('admin-match.confirm.liveLabel'),
    };
  if (to === 'live' && from === 'ended')
    return {
      title: i18n._('admin-match.confirm.reopenTitle'),
      description: i18n._('admin-match.confirm.reopenDescription'),
      confirmLabel: i18n._('admin-match.reopenVoting'),
    };
  if (to === 'preparing')
    return {
      title: i18n._('admin-match.confirm.preparingTitle'),
      description:
        from === 'live'
          ? i18n._('admin-match.confirm.preparingFromLiveDescription')
          : i18n._('admin-match.confirm.preparingFromEndedDescription'),
      confirmLabel: i18n._('admin-match.confirm.preparingLabel'),
    };
  return null;
}
