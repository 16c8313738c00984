import { toast } from '@client/components/ui/use-toast';
import { callEndpoint } from '@client/lib/api-client';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { i18n } from '@client/lib/i18n/i18n';
import { queryKeys } from '@client/lib/query-keys';
import { WIDE_QUERY } from '@client/lib/use-media-query';
import { votesApi } from '@shared/match-day';
import type { Match } from '@shared/matches';
import type { VoteBody, VoteLocation } from '@shared/votes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { offlineQueue } from '../offline/offline-queue';
import { isVotingEndedError } from '../utils/rating-failure';
import { showVotingEndedToast, VOTING_REQUEST_TIMEOUT_MS, votingScope } from './rate-player';

/** POST /api/user-votes: the fan's final vote. */
export function submitVote(body: VoteBody) {
  return callEndpoint(votesApi.submit, {
    body,
    signal: AbortSignal.timeout(VOTING_REQUEST_TIMEOUT_MS),
  });
}

/** The view moves to the results (the Man of the Match card first) 500 ms after a successful vote. */
export const SCROLL_TO_MOTM_DELAY_MS = 500;
export const MOTM_CARD_ID = 'motm-card';
/** The voting board's grid carries it (data-voting-board): on a wide screen the view after the vote starts at its top. */
const VOTING_BOARD_ATTRIBUTE = 'data-voting-board';

/** Frames the card must keep its place before the page moves to it, and the longest wait for that. */
const SETTLED_FRAMES = 6;
const SETTLE_LIMIT_MS = 3000;

/** What the submit buttons carry, so the page knows the focus is on one of them. */
export const VOTE_SUBMIT_ATTRIBUTE = 'data-vote-submit';

/**
 * Whether the focus should follow the fan to their result: it is nowhere, or on a submit button, which
 * goes with the progress.
 */
export function focusFollowsToResult(active: Element | null, body: Element | null): boolean {
  return active === null || active === body || active.closest(`[${VOTE_SUBMIT_ATTRIBUTE}]`) !== null;
}

/**
 * After the delay, waits for the results to take their place (the page turns results-first and its lazy
 * cards arrive, later on a slow phone), then moves to the card: scrolled while the layout still moves,
 * the fan would land on whatever took the card's old place. `onMoved` follows the move (or the wait's end).
 */
function scrollToMotmCard(onMoved: () => void): void {
  window.setTimeout(() => {
    const began = performance.now();
    let lastTop = Number.NaN;
    let still = 0;
    const step = () => {
      const card = document.getElementById(MOTM_CARD_ID);
      const top = card ? card.getBoundingClientRect().top + window.scrollY : Number.NaN;
      still = top === lastTop ? still + 1 : 0;
      lastTop = top;
      const waitedEnough = performance.now() - began > SETTLE_LIMIT_MS;
      if (!card) {
        if (waitedEnough) onMoved();
        else window.requestAnimationFrame(step);
        return;
      }
      if (still < SETTLED_FRAMES && !waitedEnough) {
        window.requestAnimationFrame(step);
        return;
      }
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      if (focusFollowsToResult(document.activeElement, document.body)) card.focus({ preventScroll: true });
      // Wide, the leaderboard heads the side column beside the match: scrolled to the card alone, its
      // first ranks would go off the top, so the view starts at the board and holds both.
      const wide = window.matchMedia?.(WIDE_QUERY).matches;
      const target = (wide ? card.closest(`[${VOTING_BOARD_ATTRIBUTE}]`) : null) ?? card;
      target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
      onMoved();
    };
    window.requestAnimationFrame(step);
  }, SCROLL_TO_MOTM_DELAY_MS);
}

export type SubmitState = 'idle' | 'submitting' | 'submitted';

/**
 * 'Submitting...' from the press until the server's has-voted flag confirms the vote, then
 * 'Vote Submitted'.
 */
export function submitState(hasVoted: boolean, sending: boolean): SubmitState {
  if (hasVoted) return 'submitted';
  return sending ? 'submitting' : 'idle';
}

interface UseSubmitVoteOptions {
  userId: string;
  consentGiven: boolean;
  match: Match;
  hasVoted: boolean;
  motmPlayerId: number | null;
  /** Every listed player and the manager rated (completed equals total). */
  allRated: boolean;
  onConsentRequired: () => void;
  /** Called once the server took the vote (e.g. to forget the locally remembered pick). */
  onSubmitted?: () => void;
  /** Where the fan stands, sent with the vote when they consented to location (undefined otherwise). */
  locate?: () => Promise<VoteLocation | undefined>;
}

/** The final vote with its checks (live match, consent, every player rated, a Man of the Match), its toasts and the refreshes afterwards. */
export function useSubmitVote({
  userId,
  consentGiven,
  match,
  hasVoted,
  motmPlayerId,
  allRated,
  onConsentRequired,
  onSubmitted,
  locate,
}: UseSubmitVoteOptions) {
  const queryClient = useQueryClient();
  const company = useCompanyName();
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    // Ratings still waiting offline go first: the server takes the vote only once every player is rated.
    mutationFn: async (body: VoteBody) => {
      if (!(await offlineQueue.flush(queryClient, body.userId, body.matchId))) {
        throw new Error('Offline ratings of this match are still waiting to be sent');
      }
      const location = await locate?.();
      return submitVote(location ? { ...body, location } : body);
    },
    scope: votingScope(userId, match.id),
    // Offline, fail at once with the toast rather than wait silently.
    networkMode: 'always',
    onSuccess: () => {
      toast({ variant: 'success', description: i18n._('voting.toast.voteSuccess') });
      // The server took the vote: the page turns to the results now, ahead of the refresh that confirms it.
      queryClient.setQueryData(queryKeys.hasVoted(userId, match.id), { hasVoted: true });
      onSubmitted?.();
      // The progress stays to say 'Vote Submitted' until the view moves to the fan's result.
      setConfirming(true);
      scrollToMotmCard(() => setConfirming(false));
    },
    onError: (error) => {
      if (isVotingEndedError(error)) {
        showVotingEndedToast();
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentMatch });
      } else {
        console.warn('Vote submission failed', error);
        toast({ variant: 'destructive', title: company, description: i18n._('voting.toast.voteFailed') });
      }
    },
    onSettled: () => {
      const { prefixes } = queryKeys;
      return Promise.all(
        [prefixes.userVotes, prefixes.leaderboard, prefixes.stats, prefixes.motm, prefixes.distribution].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
  const { mutate } = mutation;

  const canSubmit = allRated && motmPlayerId !== null && !hasVoted && !mutation.isPending;
  const state = submitState(hasVoted, mutation.isPending || mutation.isSuccess);

  const submit = useCallback(() => {
    if (!consentGiven) {
      onConsentRequired();
      return;
    }
    if (hasVoted || motmPlayerId === null || !allRated) return;
    if (!match.isLive) {
      showVotingEndedToast();
      return;
    }
    mutate({ userId, matchId: match.id, motmPlayerId, isComplete: true });
  }, [
    consentGiven,
    hasVoted,
    motmPlayerId,
    allRated,
    match.isLive,
    match.id,
    userId,
    onConsentRequired,
    mutate,
  ]);

  return { submit, canSubmit: canSubmit && state === 'idle', state, confirming };
}
