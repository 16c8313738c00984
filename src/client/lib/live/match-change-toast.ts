import type { ToastInput } from '@client/components/ui/use-toast';
import type { MatchChange } from '@shared/live';

/** Match toasts stay 3 s: long enough to read a score, short enough not to pile up. */
export const MATCH_TOAST_DURATION_MS = 3000;

/** Said when the push does not say what changed (details, or a server from before changes were named). */
export const GENERIC_MATCH_TOAST: ToastInput = {
  title: 'Match Update',
  description: 'Match information has been updated',
  duration: MATCH_TOAST_DURATION_MS,
};

/** The fan's toast for a pushed match change, in words: 'Half-time: 1-0', 'Goal: 2-1'. */
export function matchChangeToast(change: MatchChange | undefined): ToastInput {
  const title = change ? headline(change) : null;
  if (!title) return GENERIC_MATCH_TOAST;
  const toast: ToastInput = { title, duration: MATCH_TOAST_DURATION_MS };
  if (change?.kind === 'full-time') toast.description = `Final score ${change.score}`;
  return toast;
}

function headline({ kind, score }: MatchChange): string | null {
  switch (kind) {
    case 'announced':
      return 'New match announced';
    case 'kick-off':
      return 'Kick-off: voting is open';
    case 'half-time':
      return `Half-time: ${score}`;
    case 'second-half':
      return `Second half under way: ${score}`;
    case 'full-time':
      return 'Full time: voting closed, results are in';
    case 'reopened':
      return 'Voting is open again';
    case 'back-to-preparation':
      return 'Voting closed: the match is back in preparation';
    case 'goal':
      return `Goal: ${score}`;
    case 'score-corrected':
      return `Score corrected: ${score}`;
    case 'details':
      return null;
  }
}
