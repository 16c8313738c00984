import type { ToastInput } from '@client/components/ui/use-toast';
import { type LiveHandlers, refresh } from '@client/lib/live/live-messages';
import { queryKeys } from '@client/lib/query-keys';

/** The live toasts, word for word, with their durations. */
export const LIVE_TOASTS = {
  matchUpdate: { title: 'Match Update', description: 'Match information has been updated', duration: 3000 },
  matchStarted: (title: string): ToastInput => ({
    title: 'New Match Started',
    description: `${title} is now live!`,
    duration: 3000,
  }),
  startingXi: {
    title: 'Starting XI Updated',
    description: 'Available players for rating have been updated',
    duration: 2000,
  },
} satisfies Record<string, ToastInput | ((title: string) => ToastInput)>;

/** The match and the players fans rate: what the voting screens show. */
export const votingLiveHandlers = {
  match_update: (_message, { queryClient, notify }) => {
    notify(LIVE_TOASTS.matchUpdate);
    refresh(queryClient, [queryKeys.currentMatch]);
  },
  match_started: (message, { queryClient, notify }) => {
    const { prefixes } = queryKeys;
    notify(LIVE_TOASTS.matchStarted(message.data.title));
    refresh(queryClient, [
      queryKeys.currentMatch,
      prefixes.ratings,
      prefixes.userRatings,
      prefixes.distribution,
      prefixes.leaderboard,
      prefixes.stats,
      prefixes.motm,
      prefixes.userVotes,
    ]);
  },
  substituteUpdate: (_message, { queryClient }) => {
    refresh(queryClient, [queryKeys.players, queryKeys.availablePlayers, queryKeys.adminAvailablePlayers]);
  },
  availableForRatingUpdate: (_message, { queryClient, notify }) => {
    // The progress total counts the published players, so the fan's progress is refreshed too.
    refresh(queryClient, [
      queryKeys.players,
      queryKeys.availablePlayers,
      queryKeys.adminAvailablePlayers,
      queryKeys.currentMatch,
      queryKeys.prefixes.userVotes,
    ]);
    notify(LIVE_TOASTS.startingXi);
  },
} satisfies LiveHandlers;
