import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, apiErrorMessage } from '@client/lib/api-client';
import { MATCH_MESSAGES, type Match } from '@shared/matches';
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

const [CANNOT_START_TITLE, CANNOT_START_DESCRIPTION] = MATCH_MESSAGES.cannotStart.split(': ') as [
  string,
  string,
];

/** 'Cannot Start Match: Please publish players for rating first'. */
export function showCannotStartToast(): void {
  toast({ variant: 'destructive', title: CANNOT_START_TITLE, description: CANNOT_START_DESCRIPTION });
}

const SUCCESS: Record<MatchState, { title: string; description: string }> = {
  preparing: { title: 'Match in Preparation', description: 'Voting is disabled until the match goes live.' },
  live: { title: 'Match is Live', description: 'Fans can now rate the published players.' },
  ended: { title: 'Match Ended', description: 'Voting is frozen.' },
};

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
            if (notificationsEnabled) toast({ variant: 'success', ...SUCCESS[state] });
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 409) {
              showCannotStartToast();
              return;
            }
            toast({
              variant: 'destructive',
              title: 'Match Not Updated',
              description: apiErrorMessage(error, 'Failed to update the match. Please try again.'),
            });
          },
        },
      );
    },
    [match, publishedCount, mutate, notificationsEnabled],
  );

  const change = useCallback(
    (state: MatchState) => {
      if (!match) return;
      const text = stateConfirmation(matchPhase(match), state);
      if (!text) {
        apply(state);
        return;
      }
      setAsking({ state, text });
      setConfirming(true);
    },
    [match, apply],
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
