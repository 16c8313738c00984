import type { RatingBody } from '@shared/ratings';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { OfflineRatings } from './offline-sync';

/** What the page uses of offline-ratings.ts (tests hand in their own). */
export interface OfflineModule {
  offlineRatings: OfflineRatings;
  syncOfflineRatings: (queryClient: QueryClient, userId: string) => Promise<unknown>;
  flushOfflineRatings: (queryClient: QueryClient, userId: string, matchId: number) => Promise<boolean>;
}

type RatingKey = Pick<RatingBody, 'userId' | 'playerId' | 'matchId'>;
const sameKey = (a: RatingKey, b: RatingKey) =>
  a.userId === b.userId && a.playerId === b.playerId && a.matchId === b.matchId;

/**
 * The offline store, its sync and idb are a lazy chunk (offline-ratings.ts), out of the first load: it is
 * fetched after the first render for a signed-in fan (the start-up sync reads it), and by anything that
 * needs it before. The service worker precaches it, so it loads offline too. If it cannot be fetched
 * (offline with no service worker), a rating kept for later waits here, shown as waiting like any other,
 * and moves into the store once the chunk is there: the next fetch is tried on reconnect, at the next
 * rating, or before the vote.
 */
export class OfflineQueue {
  readonly #import: () => Promise<OfflineModule>;
  #module: OfflineModule | null = null;
  #loading: Promise<OfflineModule> | null = null;
  #held: readonly RatingBody[] = [];
  /** Ratings sent directly before the module was here, newer than anything it stored for their player. */
  #sentDirect: { key: RatingKey; sentAt: number }[] = [];
  #snapshot: readonly RatingBody[] = [];
  readonly #listeners = new Set<() => void>();

  constructor(importModule: () => Promise<OfflineModule>) {
    this.#import = importModule;
  }

  /** The module, fetched once; a failed fetch is tried again at the next call. */
  load(): Promise<OfflineModule> {
    this.#loading ??= this.#import().then(
      async (module) => {
        await this.#adopt(module);
        return module;
      },
      (error: unknown) => {
        this.#loading = null;
        throw error;
      },
    );
    return this.#loading;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** The ratings waiting to be sent, the store's and those held here; a new array after every change. */
  getSnapshot = (): readonly RatingBody[] => this.#snapshot;

  /** Keeps a rating to send later (see saveRatingForLater): in the store, or here until it is loaded. */
  save(payload: RatingBody): void {
    if (this.#module) {
      void this.#module.offlineRatings.save(payload);
      return;
    }
    this.#held = [...this.#held.filter((r) => !sameKey(r, payload)), payload];
    this.#publish();
    this.load().catch((error: unknown) =>
      console.warn('The offline store could not be loaded; the rating is kept in memory for now', error),
    );
  }

  /**
   * A direct rating. Once the module is here, after any running sync (OfflineRatings.runDirect). Before
   * that it is sent at once, not after the chunk and IndexedDB: no sync can be running without the
   * module, and an older value of the same player, held here or stored from an earlier visit, is
   * dropped rather than sent after it (`#sentDirect`, applied when the module arrives).
   */
  async runDirect<T>(key: RatingKey, send: () => Promise<T>): Promise<T> {
    if (this.#module) return this.#module.offlineRatings.runDirect(key, send);
    // Noted before sending, so a module arriving meanwhile drops the older value before any sync runs.
    // Should the send fail, the caller keeps this newer value for later, so nothing older is needed.
    this.#sentDirect.push({ key, sentAt: Date.now() });
    const heldBefore = new Set(this.#held);
    const result = await send();
    const held = this.#held.filter((r) => !(heldBefore.has(r) && sameKey(r, key)));
    if (held.length !== this.#held.length) {
      this.#held = held;
      this.#publish();
    }
    return result;
  }

  /** Sends the user's waiting ratings; never rejects (a failure is logged, the ratings stay). */
  async sync(queryClient: QueryClient, userId: string): Promise<void> {
    try {
      await (await this.load()).syncOfflineRatings(queryClient, userId);
    } catch (error) {
      console.warn('Offline ratings not synced; kept for the next sync', error);
    }
  }

  /** Before the final vote: whether the match has nothing left waiting (flushOfflineRatings). */
  async flush(queryClient: QueryClient, userId: string, matchId: number): Promise<boolean> {
    return (await this.load()).flushOfflineRatings(queryClient, userId, matchId);
  }

  async #adopt(module: OfflineModule): Promise<void> {
    // Before anyone can sync: stored values older than a rating already sent directly never go.
    const sent = this.#sentDirect;
    this.#sentDirect = [];
    for (const { key, sentAt } of sent) await this.#dropOlder(module, key, sentAt);
    this.#module = module;
    const { offlineRatings } = module;
    offlineRatings.store.subscribe(this.#publish);
    const held = this.#held;
    this.#held = [];
    for (const payload of held) void offlineRatings.save(payload);
    this.#publish();
  }

  async #dropOlder(module: OfflineModule, key: RatingKey, sentAt: number): Promise<void> {
    const { store } = module.offlineRatings;
    if (!(await store.ready())) return;
    for (const record of store.list(key.userId))
      if (sameKey(record, key) && record.timestamp <= sentAt) await store.remove(record.id);
  }

  #publish = (): void => {
    const stored = this.#module?.offlineRatings.store.getSnapshot() ?? [];
    this.#snapshot = this.#held.length === 0 ? stored : [...stored, ...this.#held];
    for (const listener of this.#listeners) listener();
  };
}

/** The page's one queue. */
export const offlineQueue = new OfflineQueue(() => import('./offline-ratings'));

/** The fan's ratings of the match still waiting to be sent: player id to value. */
export function useQueuedRatings(userId: string, matchId: number): ReadonlyMap<number, number> {
  const records = useSyncExternalStore(
    offlineQueue.subscribe,
    offlineQueue.getSnapshot,
    offlineQueue.getSnapshot,
  );
  return useMemo(
    () =>
      new Map(
        records
          .filter((r) => r.userId === userId && r.matchId === matchId)
          .map((r) => [r.playerId, r.rating]),
      ),
    [records, userId, matchId],
  );
}
