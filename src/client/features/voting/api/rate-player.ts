import { toast } from '@client/components/ui/use-toast';
import { afterNextPaint } from '@client/lib/after-next-paint';
import { callEndpoint } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { ratingsApi } from '@shared/match-day';
import type { Match } from '@shared/matches';
import type { PlayerMatchStats, RatingBody } from '@shared/ratings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { offlineQueue } from '../offline/offline-queue';
import { trackPlayerRating } from '../utils/analytics';
import {
  optimisticPlayerStats,
  optimisticProgress,
  type UserRatingEntry,
  type VoteProgress,
  withUserRating,
} from '../utils/optimistic-stats';
import { isRetryableFailure, isVotingEndedError, votingEndedToastText } from '../utils/rating-failure';
import { refreshRatingQueries } from './rating-queries';
import { saveRatingForLater } from './save-rating-for-later';

/** A hung request would hold up every later rating queued behind it; a timeout turns it into a failure. */
export const VOTING_REQUEST_TIMEOUT_MS = 15_000;

/** POST /api/ratings: creates or replaces the fan's rating of one player in the match. */
export function ratePlayer(body: RatingBody) {
  return callEndpoint(ratingsApi.save, {
    body,
    signal: AbortSignal.timeout(VOTING_REQUEST_TIMEOUT_MS),
  });
}

interface RateVariables {
  playerId: number;
  rating: number;
}

interface RateContext {
  previousStats: PlayerMatchStats | undefined;
  previousRatings: UserRatingEntry[] | undefined;
  previousProgress: VoteProgress | undefined;
}

/**
 * Ratings and the final vote of one fan and match share a mutation scope: they reach the server in
 * the order the fan made them, so a vote sent right after the last rating never overtakes it.
 */
export function votingScope(userId: string, matchId: number) {
  return { id: `voting:${userId}:${matchId}` };
}

export function showVotingEndedToast(): void {
  toast({ variant: 'destructive', description: votingEndedToastText() });
}

/**
 * The rating mutation with its optimistic update. Ratings of one match run one after another
 * (a mutation scope), so a fan re-rating fast always ends with the last value tapped; only the last
 * one to settle refreshes from the server, so earlier answers never wipe later optimistic values.
 */
function useRatePlayerMutation(userId: string, matchId: number) {
  const queryClient = useQueryClient();
  const mutationKey = ['rate-player', userId, matchId] as const;
  return useMutation<unknown, Error, RateVariables, RateContext>({
    mutationKey,
    scope: votingScope(userId, matchId),
    // Fail fast when offline instead of pausing, so the rating can be kept for later.
    networkMode: 'always',
    // A direct rating waits for a running offline sync and then replaces any older queued value.
    mutationFn: ({ playerId, rating }) =>
      offlineQueue.runDirect({ userId, playerId, matchId }, () =>
        ratePlayer({ userId, playerId, matchId, rating }),
      ),
    onMutate: async ({ playerId, rating }) => {
      const statsKey = queryKeys.playerMatchStats(playerId, matchId);
      const ratingsKey = queryKeys.userRatings(userId, matchId);
      const progressKey = queryKeys.voteProgress(userId, matchId);
      await Promise.all(
        [statsKey, ratingsKey, progressKey].map((queryKey) => queryClient.cancelQueries({ queryKey })),
      );
      const previousStats = queryClient.getQueryData<PlayerMatchStats>(statsKey);
      const previousRatings = queryClient.getQueryData<UserRatingEntry[]>(ratingsKey);
      const previousProgress = queryClient.getQueryData<VoteProgress>(progressKey);
      const previousRating = previousRatings?.find((r) => r.playerId === playerId)?.rating;

      queryClient.setQueryData(statsKey, optimisticPlayerStats(previousStats, previousRating, rating));
      queryClient.setQueryData(ratingsKey, withUserRating(previousRatings, playerId, rating));
      const progress = optimisticProgress(previousProgress, previousRating !== undefined);
      if (progress) queryClient.setQueryData(progressKey, progress);
      return { previousStats, previousRatings, previousProgress };
    },
    // The server answers again: what was kept during an outage (a 503, a timeout) goes now, not only at
    // the next reconnect or reload; the socket may never have dropped.
    onSuccess: () => {
      if (offlineQueue.getSnapshot().some((r) => r.userId === userId))
        void offlineQueue.sync(queryClient, userId);
    },
    onError: (error, { playerId, rating }, context) => {
      const statsKey = queryKeys.playerMatchStats(playerId, matchId);
      // Queued first, so the fan's choice stays on screen (marked as waiting) through the rollback.
      const keep = isRetryableFailure(error);
      if (keep) saveRatingForLater({ userId, playerId, matchId, rating });
      if (context) {
        // Back to what was there; a player with no figures before has none again.
        if (context.previousStats) queryClient.setQueryData(statsKey, context.previousStats);
        else queryClient.removeQueries({ queryKey: statsKey, exact: true });
        queryClient.setQueryData(queryKeys.userRatings(userId, matchId), context.previousRatings ?? []);
        if (context.previousProgress) {
          queryClient.setQueryData(queryKeys.voteProgress(userId, matchId), context.previousProgress);
        }
      }
      if (isVotingEndedError(error)) {
        showVotingEndedToast();
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentMatch });
        return;
      }
      // A failed rating has no toast; it is kept for later when it may yet succeed.
      console.warn(keep ? 'Rating failed; kept for a later sync' : 'Rating refused', error);
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) <= 1) return refreshRatingQueries(queryClient);
      return undefined;
    },
  });
}

interface UseRatePlayerOptions {
  userId: string;
  consentGiven: boolean;
  match: Match;
  hasVoted: boolean;
  /** Rating without consent opens the consent prompt and sends nothing. */
  onConsentRequired: () => void;
}

/** The fan taps a value: its checks (live match, consent, not voted yet), the analytics event, then the mutation. */
export function useRatePlayer({
  userId,
  consentGiven,
  match,
  hasVoted,
  onConsentRequired,
}: UseRatePlayerOptions) {
  const mutation = useRatePlayerMutation(userId, match.id);
  const { mutate } = mutation;
  const isLive = match.isLive;

  /** Whether the rating was taken (it is then on its way, or kept for later). */
  const rate = useCallback(
    (playerId: number, rating: number): boolean => {
      if (!consentGiven) {
        onConsentRequired();
        return false;
      }
      if (hasVoted) return false;
      if (!isLive) {
        showVotingEndedToast();
        return false;
      }
      trackPlayerRating(rating);
      // The key shows as chosen at once (the card keeps it meanwhile); the board-wide update follows the paint.
      afterNextPaint(() => mutate({ playerId, rating }));
      return true;
    },
    [consentGiven, hasVoted, isLive, onConsentRequired, mutate],
  );

  return { rate };
}
