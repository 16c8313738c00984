import { toast } from '@client/components/ui/use-toast';
import { callEndpoint } from '@client/lib/api-client';
import { ratingsApi } from '@shared/match-day';
import type { RatingBody } from '@shared/ratings';
import type { QueryClient } from '@tanstack/react-query';
import { refreshRatingQueries } from '../api/rating-queries';
import { OfflineRatingStore } from './offline-store';
import { OfflineRatings, type SyncOutcome } from './offline-sync';

/*
 * A chunk of its own with the store, the sync and idb, out of the first load: the page reaches it only
 * through offline-queue.ts, which fetches it after the first render.
 */

/** A hung request would hold up the whole sync; a timeout turns it into a failure that is kept. */
const SYNC_REQUEST_TIMEOUT_MS = 15_000;

/** POST /api/ratings with a stored record's payload; the answer is not needed. */
function sendStoredRating(body: RatingBody): Promise<unknown> {
  return callEndpoint(ratingsApi.save, {
    body,
    signal: AbortSignal.timeout(SYNC_REQUEST_TIMEOUT_MS),
  });
}

/** The page's one offline store and sync (a module, like the toasts, so any code can reach it). */
export const offlineRatings = new OfflineRatings({
  store: new OfflineRatingStore(),
  send: sendStoredRating,
  notify: toast,
});

/** Syncs the user's offline ratings and, when anything was sent, refreshes what they changed. */
export async function syncOfflineRatings(queryClient: QueryClient, userId: string): Promise<SyncOutcome> {
  const outcome = await offlineRatings.sync(userId);
  if (outcome.attempted > 0) void refreshRatingQueries(queryClient);
  return outcome;
}

/**
 * Before the final vote: sends what is still stored (after any running sync). Resolves to whether the
 * match has nothing left waiting; offline, nothing is tried and the vote is not sent either.
 */
export async function flushOfflineRatings(
  queryClient: QueryClient,
  userId: string,
  matchId: number,
): Promise<boolean> {
  await offlineRatings.store.ready();
  if (offlineRatings.pending(userId, matchId) === 0) return true;
  if (!navigator.onLine) return false;
  const outcome = await offlineRatings.flush(userId);
  if (outcome.attempted > 0) void refreshRatingQueries(queryClient);
  return offlineRatings.pending(userId, matchId) === 0;
}
