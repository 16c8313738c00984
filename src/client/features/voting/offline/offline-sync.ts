import type { ToastInput } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api-client';
import { debugLog } from '@client/lib/debug-log';
import { i18n } from '@client/lib/i18n/i18n';
import type { RatingBody } from '@shared/ratings';
import { type OfflineRatingRecord, type OfflineRatingStore, ratingPayload } from './offline-store';

/** The sync toasts, word for word; made when raised, in the language being read. */
export const SYNC_TOASTS = {
  synced: (count: number): ToastInput => ({
    variant: 'success',
    title: i18n._('voting.toast.syncedTitle'),
    description: i18n._('voting.toast.syncedText', { count }),
  }),
  partial: (failed: number): ToastInput => ({
    variant: 'destructive',
    title: i18n._('voting.toast.syncIssuesTitle'),
    description: i18n._('voting.toast.syncIssuesText', { count: failed }),
  }),
  get failed(): ToastInput {
    return {
      variant: 'destructive',
      title: i18n._('voting.toast.syncFailedTitle'),
      description: i18n._('voting.toast.syncFailedText'),
    };
  },
} satisfies Record<string, ToastInput | ((count: number) => ToastInput)>;

/**
 * The server refused the rating for good (bad payload, not allowed, unknown player, voting ended or
 * already voted): sending it again would fail forever. A lost session (401), a timeout or a rate
 * limit may pass, like network and server failures.
 */
export function isDefiniteRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

export interface SyncOutcome {
  /** Records sent (whatever the answer). */
  attempted: number;
  synced: number;
  failed: number;
}

type RatingKey = Pick<RatingBody, 'userId' | 'playerId' | 'matchId'>;
const keyOf = ({ userId, playerId, matchId }: RatingKey) => `${userId}:${playerId}:${matchId}`;

export interface OfflineSyncOptions {
  store: OfflineRatingStore;
  /** POST /api/ratings with the record's payload. */
  send: (payload: RatingBody) => Promise<unknown>;
  notify: (toast: ToastInput) => void;
}

/**
 * The offline ratings and their sync. One sync runs at a time; it sends
 * the signed-in fan's records oldest first and deletes each only after the server took it (or refused
 * it for good). A rating the fan makes directly always wins over a queued older one: it waits for a
 * running sync, a sync started meanwhile leaves its player alone, and once it succeeds the older
 * queued record is dropped. The server's write is an idempotent upsert, so a record sent twice (two
 * tabs, a lost answer) is still one rating.
 */
export class OfflineRatings {
  readonly store: OfflineRatingStore;
  readonly #send: OfflineSyncOptions['send'];
  readonly #notify: OfflineSyncOptions['notify'];
  readonly #direct = new Map<string, number>();
  #running: Promise<SyncOutcome> | null = null;

  constructor({ store, send, notify }: OfflineSyncOptions) {
    this.store = store;
    this.#send = send;
    this.#notify = notify;
  }

  /** Keeps a rating that may yet succeed; a failure to persist is only logged. */
  save(payload: RatingBody): Promise<OfflineRatingRecord> {
    return this.store.save(payload);
  }

  /** Sends the user's stored ratings; a call while a sync runs joins that sync. */
  sync(userId: string): Promise<SyncOutcome> {
    if (!this.#running) {
      this.#running = this.#sync(userId).finally(() => {
        this.#running = null;
      });
    }
    return this.#running;
  }

  /** Before the final vote: waits for any running sync, then sends whatever is still stored. */
  async flush(userId: string): Promise<SyncOutcome> {
    await this.#idle();
    return this.sync(userId);
  }

  /** How many ratings of the user in the match are still waiting. */
  pending(userId: string, matchId: number): number {
    return this.store.list(userId).filter((r) => r.matchId === matchId).length;
  }

  /**
   * Runs a direct rating: after any running sync, with its player marked so a sync started meanwhile
   * skips the queued older value; on success the queued older value is dropped.
   */
  async runDirect<T>(key: RatingKey, send: () => Promise<T>): Promise<T> {
    await this.store.ready();
    await this.#idle();
    const id = keyOf(key);
    const older = this.store.list(key.userId).filter((r) => keyOf(r) === id);
    this.#direct.set(id, (this.#direct.get(id) ?? 0) + 1);
    try {
      const result = await send();
      for (const record of older) await this.store.remove(record.id);
      return result;
    } finally {
      const left = (this.#direct.get(id) ?? 1) - 1;
      if (left > 0) this.#direct.set(id, left);
      else this.#direct.delete(id);
    }
  }

  async #idle(): Promise<void> {
    // Loop: another sync may start between one finishing and this continuation running.
    while (this.#running) await this.#running.catch(() => undefined);
  }

  async #sync(userId: string): Promise<SyncOutcome> {
    const outcome: SyncOutcome = { attempted: 0, synced: 0, failed: 0 };
    try {
      await this.store.ready();
      for (const record of this.store.list(userId)) {
        // A direct rating of the same player is on its way and replaces this older value.
        if (this.#direct.has(keyOf(record))) continue;
        outcome.attempted += 1;
        try {
          await this.#send(ratingPayload(record));
          outcome.synced += 1;
          await this.store.remove(record.id);
        } catch (error) {
          outcome.failed += 1;
          if (isDefiniteRefusal(error)) {
            console.warn('Offline rating refused by the server; dropped', error);
            await this.store.remove(record.id);
          } else {
            debugLog('Offline rating not sent; kept for the next sync', error);
          }
        }
      }
    } catch (error) {
      console.warn('Offline sync failed', error);
      this.#notify(SYNC_TOASTS.failed);
      return outcome;
    }
    if (outcome.attempted === 0) return outcome;
    if (outcome.failed === 0) this.#notify(SYNC_TOASTS.synced(outcome.synced));
    else if (outcome.synced > 0) this.#notify(SYNC_TOASTS.partial(outcome.failed));
    else this.#notify(SYNC_TOASTS.failed);
    return outcome;
  }
}
