import type { ToastInput } from '@client/components/ui/use-toast';
import { type LiveServerMessage, liveServerMessage } from '@shared/live';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { customizationQueryOptions } from '../branding/get-customization';
import { socialMediaQueryOptions } from '../branding/get-social-media';
import { debugLog } from '../debug-log';
import { queryKeys } from '../query-keys';

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

type ContentKind = Extract<LiveServerMessage, { type: 'content_update' }>['data']['kind'];

const CONTENT_KEYS: Record<ContentKind, QueryKey> = {
  announcement: queryKeys.announcement,
  banners: queryKeys.banners,
  customization: customizationQueryOptions().queryKey,
  'social-media': socialMediaQueryOptions().queryKey,
};

/**
 * The last applied `seq` per match and message type. A pushed figure with a seq at or below it is
 * late or repeated and must not replace newer figures. Forgotten whenever a new socket opens, since
 * seqs are only ordered within one socket's stream.
 */
export class SeqMemory {
  readonly #last = new Map<string, number>();

  /** True (and remembered) when this seq is newer than the last applied one. */
  accept(type: string, matchId: number, seq: number): boolean {
    const key = `${type}:${matchId}`;
    const last = this.#last.get(key);
    if (last !== undefined && seq <= last) return false;
    this.#last.set(key, seq);
    return true;
  }

  reset(): void {
    this.#last.clear();
  }
}

export interface LiveMessageContext {
  queryClient: QueryClient;
  seqs: SeqMemory;
  /** Raises a toast (the provider silences them on /admin when the admin turned notifications off). */
  notify: (toast: ToastInput) => void;
}

function refresh(queryClient: QueryClient, keys: readonly QueryKey[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/** What polling refreshes while the socket is down. */
export function refreshLiveResults(queryClient: QueryClient): void {
  const { prefixes } = queryKeys;
  refresh(queryClient, [prefixes.leaderboard, prefixes.motm, prefixes.stats]);
}

/** One message from the socket; anything unknown or malformed is logged and ignored. */
export function handleLiveMessage(raw: unknown, { queryClient, seqs, notify }: LiveMessageContext): void {
  const parsed = liveServerMessage.safeParse(raw);
  if (!parsed.success) {
    const type = typeof raw === 'object' && raw !== null && 'type' in raw ? String(raw.type) : typeof raw;
    debugLog(`Live message ignored: ${type}`);
    return;
  }
  const message = parsed.data;
  const { prefixes } = queryKeys;
  switch (message.type) {
    case 'connection_established':
    case 'pong':
      debugLog(`Live: ${message.type}`);
      return;
    case 'match_update':
      notify(LIVE_TOASTS.matchUpdate);
      refresh(queryClient, [queryKeys.currentMatch]);
      return;
    case 'match_started':
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
      return;
    case 'substituteUpdate':
      refresh(queryClient, [queryKeys.players, queryKeys.availablePlayers, queryKeys.adminAvailablePlayers]);
      return;
    case 'availableForRatingUpdate':
      // The progress total counts the published players, so the fan's progress is refreshed too.
      refresh(queryClient, [
        queryKeys.players,
        queryKeys.availablePlayers,
        queryKeys.adminAvailablePlayers,
        queryKeys.currentMatch,
        prefixes.userVotes,
      ]);
      notify(LIVE_TOASTS.startingXi);
      return;
    case 'content_update':
      refresh(queryClient, [CONTENT_KEYS[message.data.kind]]);
      return;
    case 'leaderboard_update': {
      const { matchId, seq, leaderboard, totalRatings } = message.data;
      if (!seqs.accept(message.type, matchId, seq)) return;
      queryClient.setQueryData(queryKeys.leaderboard(matchId), leaderboard);
      queryClient.setQueryData(queryKeys.matchStats(matchId), { totalRatings });
      return;
    }
    case 'motm_update': {
      const { matchId, seq, motm } = message.data;
      if (!seqs.accept(message.type, matchId, seq)) return;
      queryClient.setQueryData(queryKeys.motm(matchId), motm);
      return;
    }
    default: {
      const unhandled: never = message;
      debugLog('Live message not handled', unhandled);
    }
  }
}
