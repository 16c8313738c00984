import type { ToastInput } from '@client/components/ui/use-toast';
import type { MatchChange } from '@shared/live';
import { i18n } from '../i18n/i18n';

/** Match toasts stay 3 s: long enough to read a score, short enough not to pile up. */
export const MATCH_TOAST_DURATION_MS = 3000;

/**
 * Said when the push does not say what changed (details, or a server from before changes were named).
 * Its words are read when the toast is raised, in the language being read then.
 */
export const GENERIC_MATCH_TOAST: ToastInput = {
  get title() {
    return i18n._('common.live.matchUpdateTitle');
  },
  get description() {
    return i18n._('common.live.matchUpdateDescription');
  },
  duration: MATCH_TOAST_DURATION_MS,
};

/**
 * Whether the change starts voting (a kick-off, a reopening): the server follows it with `match_started`,
 * whose toast ('New Match Started') says it.
 */
export function startsVoting(change: MatchChange | undefined): boolean {
  return change?.kind === 'kick-off' || change?.kind === 'reopened';
}

/**
 * Whether the change is an ended match taken out of the public history or put back: the page re-reads
 * the current match, and fans, who never saw it hidden, are told nothing.
 */
export function unspoken(change: MatchChange | undefined): boolean {
  return change?.kind === 'hidden' || change?.kind === 'shown';
}

/**
 * The fan's toast for a pushed match change, in words ('Half-time: 1-0', 'Goal: 2-1'). None for a change
 * that starts voting: `match_started` says it, so the fan gets one toast, not two; none for a match
 * hidden from the history or shown again.
 */
export function matchChangeToast(change: MatchChange | undefined): ToastInput | null {
  if (startsVoting(change) || unspoken(change)) return null;
  const title = change ? headline(change) : null;
  if (!title) return GENERIC_MATCH_TOAST;
  const toast: ToastInput = { title, duration: MATCH_TOAST_DURATION_MS };
  if (change?.kind === 'full-time')
    toast.description = i18n._('common.live.finalScore', { score: change.score });
  return toast;
}

function headline({ kind, score }: MatchChange): string | null {
  switch (kind) {
    case 'announced':
      return i18n._('common.live.announced');
    case 'half-time':
      return i18n._('common.live.halfTime', { score });
    case 'second-half':
      return i18n._('common.live.secondHalf', { score });
    case 'full-time':
      return i18n._('common.live.fullTime');
    case 'back-to-preparation':
      return i18n._('common.live.backToPreparation');
    case 'goal':
      return i18n._('common.live.goal', { score });
    case 'score-corrected':
      return i18n._('common.live.scoreCorrected', { score });
    case 'kick-off':
    case 'reopened':
    case 'details':
    case 'hidden':
    case 'shown':
      return null;
  }
}
