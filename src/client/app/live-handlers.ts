import { refreshLiveResults, resultsLiveHandlers } from '@client/features/results/live-handlers';
import { votingLiveHandlers } from '@client/features/voting/live-handlers';
import { coreLiveHandlers, type LiveHandlers } from '@client/lib/live/live-messages';

/** Every live message type has its handler, from the feature that owns its data. */
export const LIVE_HANDLERS: Required<LiveHandlers> = {
  ...coreLiveHandlers,
  ...votingLiveHandlers,
  ...resultsLiveHandlers,
};

/** While the socket is down, polling refreshes the results. */
export const LIVE_POLL = refreshLiveResults;
