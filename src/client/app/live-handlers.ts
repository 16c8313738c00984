import { refreshLiveResults, resultsLiveHandlers } from '@client/features/results/live-handlers';
import { votingLiveHandlers } from '@client/features/voting/live-handlers';
import { offlineQueue } from '@client/features/voting/offline/offline-queue';
import { coreLiveHandlers, type LiveHandlers } from '@client/lib/live/live-messages';
import type { QueryClient } from '@tanstack/react-query';

/** Every live message type has its handler, from the feature that owns its data. */
export const LIVE_HANDLERS: Required<LiveHandlers> = {
  ...coreLiveHandlers,
  ...votingLiveHandlers,
  ...resultsLiveHandlers,
};

/** While the socket is down, polling refreshes the results. */
export const LIVE_POLL = refreshLiveResults;

/** Back after a gap: the fan's ratings kept meanwhile go now. */
export const LIVE_SYNC_AFTER_GAP = (queryClient: QueryClient, userId: string) =>
  void offlineQueue.sync(queryClient, userId);
