import type { ToastInput } from '@client/components/ui/use-toast';
import { type LiveServerMessage, liveServerMessage } from '@shared/live';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { customizationQueryOptions } from '../branding/get-customization';
import { socialMediaQueryOptions } from '../branding/get-social-media';
import { debugLog } from '../debug-log';
import { queryKeys } from '../query-keys';

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

/** Refreshes every query under these keys. */
export function refresh(queryClient: QueryClient, keys: readonly QueryKey[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

export type LiveMessage<T extends LiveServerMessage['type']> = Extract<LiveServerMessage, { type: T }>;

/** What to do with each message type; each feature brings the handlers of the data it owns. */
export type LiveHandlers = {
  [T in LiveServerMessage['type']]?: (message: LiveMessage<T>, context: LiveMessageContext) => void;
};

/** The connection's own messages, and the public content and branding kept in lib. */
export const coreLiveHandlers = {
  connection_established: (message) => debugLog(`Live: ${message.type}`),
  pong: (message) => debugLog(`Live: ${message.type}`),
  content_update: (message, { queryClient }) => refresh(queryClient, [CONTENT_KEYS[message.data.kind]]),
} satisfies LiveHandlers;

/** One message from the socket, to its handler; anything unknown, malformed or unhandled is logged and ignored. */
export function handleLiveMessage(raw: unknown, handlers: LiveHandlers, context: LiveMessageContext): void {
  const parsed = liveServerMessage.safeParse(raw);
  if (!parsed.success) {
    const type = typeof raw === 'object' && raw !== null && 'type' in raw ? String(raw.type) : typeof raw;
    debugLog(`Live message ignored: ${type}`);
    return;
  }
  const message = parsed.data;
  const handler = handlers[message.type] as
    | ((message: LiveServerMessage, context: LiveMessageContext) => void)
    | undefined;
  if (handler) handler(message, context);
  else debugLog('Live message not handled', message.type);
}
