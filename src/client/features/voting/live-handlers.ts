import type { ToastInput } from '@client/components/ui/use-toast';
import { i18n } from '@client/lib/i18n/i18n';
import { type LiveHandlers, refresh } from '@client/lib/live/live-messages';
import {
  GENERIC_MATCH_TOAST,
  MATCH_TOAST_DURATION_MS,
  matchChangeToast,
} from '@client/lib/live/match-change-toast';
import { queryKeys } from '@client/lib/query-keys';

/** The live toasts, word for word, with their durations; read when raised, in the language being read. */
export const LIVE_TOASTS = {
  matchUpdate: GENERIC_MATCH_TOAST,
  matchStarted(title: string): ToastInput {
    return {
      title: i18n._('voting.toast.matchStartedTitle'),
      description: i18n._('voting.toast.matchStartedText', { title }),
      duration: MATCH_TOAST_DURATION_MS,
    };
  },
  get startingXi(): ToastInput {
    return {
      title: i18n._('voting.toast.startingXiTitle'),
      description: i18n._('voting.toast.startingXiText'),
      duration: 2000,
    };
  },
} satisfies Record<string, ToastInput | ((title: string) => ToastInput)>;

/** The match and the players fans rate: what the voting screens show. */
export const votingLiveHandlers = {
  // Says what changed ('Half-time: 1-0'); a kick-off or a reopening is said by match_started, which follows.
  match_update: (message, { queryClient, notify }) => {
    const toast = matchChangeToast(message.data.change);
    if (toast) notify(toast);
    refresh(queryClient, [queryKeys.currentMatch]);
  },
  match_started: (message, { queryClient, notify }) => {
    notify(LIVE_TOASTS.matchStarted(message.data.title));
    const { prefixes } = queryKeys;
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
