import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, apiErrorMessage } from '@client/lib/api-client';
import { i18n } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import type { Match } from '@shared/matches';
import { matchPhase } from '@shared/rules';
import { type ReactNode, useCallback, useState } from 'react';
import { usePublishedPlayers } from '../api/match-queries';
import { useUpdateMatch } from '../api/update-match';
import {
  type MatchState,
  matchStatePatch,
  type StateConfirmation,
  stateConfirmation,
} from '../utils/match-state';

/** The server's MATCH_ERRORS.cannotStart, said before asking it, in the language being read. */
export function showCannotStartToast(): void {
  toast({
    variant: 'destructive',
    title: i18n._('admin-match.cannotStart.title'),
    description: i18n._('admin-match.cannotStart.description'),
  });
}

// Catalogue keys, translated when the toast is shown.
const SUCCESS = {
  preparing: {
    title: 'admin-match.changed.preparingTitle',
    description: 'admin-match.changed.preparingDescription',
  },
  live: { title: 'admin-match.changed.liveTitle', description: 'admin-match.changed.liveDescription' },
  ended: { title: 'admin-match.changed.endedTitle', description: 'admin-match.changed.endedDescription' },
} as const satisfies Record<MatchState, { title: string; description: string }>;

/**
 * Preparing / Live / Ended with the match state rules. A change every fan feels at once (ending,
 * reopening, resetting) waits for the admin to confirm it in `confirmDialog`, which the caller renders.
 * Going live with nobody published is refused here when the page already knows, and by the server
 * otherwise (409).
 */
export function useChangeMatchState(
  match: Match | null | undefined,
  notificationsEnabled: boolean,
): { change: (state: MatchState) => void; isPending: boolean; confirmDialog: ReactNode } {
  const t = useT();
  const update = useUpdateMatch();
  const published = usePublishedPlayers();
  const { mutate } = update;
  const publishedCount = published.data?.length;
  // The change waiting for its confirm; kept while the dialog closes, so its text does not blank out.
  const [asking, setAsking] = useState<{ state: MatchState; text: StateConfirmation } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const apply = useCallback(
    (state: MatchState) => {
      if (!match) return;
      if (state === 'live' && publishedCount === 0) {
        showCannotStartToast();
        return;
      }
      mutate(
        { id: match.id, body: matchStatePatch(state) },
        {
          onSuccess: () => {
            if (notificationsEnabled) {
              const text = SUCCESS[state];
              toast({ variant: 'success', title: t(text.title), description: t(text.description) });
            }
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 409) {
              showCannotStartToast();
              return;
            }
            toast({
              variant: 'destructive',
              title: t('admin-match.matchNotUpdated'),
              description: apiErrorMessage(error, t('admin-match.matchUpdateFailed')),
            });
          },
        },
      );
    },
    [match, publishedCount, mutate, notificationsEnabled, t],
  );

  const change = useCallback(
    (state: MatchState) => {
      if (!match) return;
      // Refused before the question: confirming a start the server would refuse helps nobody.
      if (state === 'live' && publishedCount === 0) {
        showCannotStartToast();
        return;
      }
      const text = stateConfirmation(matchPhase(match), state);
      if (!text) {
        apply(state);
        return;
      }
      setAsking({ state, text });
      setConfirming(true);
    },
    [match, apply, publishedCount],
  );

  const confirmDialog = (
    <ConfirmDialog
      open={confirming}
      title={asking?.text.title ?? ''}
      description={asking?.text.description ?? ''}
      confirmLabel={asking?.text.confirmLabel ?? ''}
      destructive={asking?.state !== 'live'}
      onConfirm={() => {
        setConfirming(false);
        if (asking) apply(asking.state);
      }}
      onCancel={() => setConfirming(false)}
    />
  );

  return { change, isPending: update.isPending, confirmDialog };
}
