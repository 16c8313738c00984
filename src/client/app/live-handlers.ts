import { refreshLiveResults, resultsLiveHandlers } from '@client/features/results/live-handlers';
import { votingLiveHandlers } from '@client/features/voting/live-handlers';
import { offlineQueue } from '@client/features/voting/offline/offline-queue';
import {
  coreLiveHandlers,
  type LiveHandlers,
  type LiveMessage,
  type LiveMessageContext,
} from '@client/lib/live/live-messages';
import { startsVoting } from '@client/lib/live/match-change-toast';
import { ownChanges } from '@client/lib/live/own-changes';
import type { LiveMessageType } from '@shared/live';
import type { QueryClient } from '@tanstack/react-query';

const silent = () => {};

/**
 * The handler, without its toast when the message is the echo of a change this tab's admin made;
 * `onOwn` hears of such an echo first.
 */
function quietOwnEcho<T extends LiveMessageType>(
  handle: (message: LiveMessage<T>, context: LiveMessageContext) => void,
  onOwn?: (message: LiveMessage<T>) => void,
): (message: LiveMessage<T>, context: LiveMessageContext) => void {
  return (message, context) => {
    if (!ownChanges.takeEcho(message.type)) return handle(message, context);
    onOwn?.(message);
    handle(message, { ...context, notify: silent });
  };
}

/** Every live message type has its handler, from the feature that owns its data. */
export const LIVE_HANDLERS: Required<LiveHandlers> = {
  ...coreLiveHandlers,
  ...votingLiveHandlers,
  ...resultsLiveHandlers,
  match_update: quietOwnEcho(votingLiveHandlers.match_update, (message) => {
    // A kick-off made here is followed by its match_started, which is this tab's echo too.
    if (startsVoting(message.data.change)) ownChanges.expect('match_started');
  }),
  match_started: quietOwnEcho(votingLiveHandlers.match_started),
  availableForRatingUpdate: quietOwnEcho(votingLiveHandlers.availableForRatingUpdate),
};

/** While the socket is down, polling refreshes the results. */
export const LIVE_POLL = refreshLiveResults;

/** Back after a gap: the fan's ratings kept meanwhile go now. */
export const LIVE_SYNC_AFTER_GAP = (queryClient: QueryClient, userId: string) =>
  void offlineQueue.sync(queryClient, userId);
