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
  #snapshot: readonly RatingBody[] = [];
  readonly #listeners = new Set<() => void>();

  constructor(importModule: () => Promise<OfflineModule>) {
    this.#import = importModule;
  }

  /** The module, fetched once; a failed fetch is tried again at the next call. */
  load(): Promise<OfflineModule> {
    this.#loading ??= this.#import().then(
      (module) => {
        this.#adopt(module);
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

  /** A direct rating, after any running sync (OfflineRatings.runDirect). */
  async runDirect<T>(key: RatingKey, send: () => Promise<T>): Promise<T> {
    const { offlineRatings } = await this.load();
    return offlineRatings.runDirect(key, send);
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

  #adopt(module: OfflineModule): void {
    this.#module = module;
    const { offlineRatings } = module;
    offlineRatings.store.subscribe(this.#publish);
    const held = this.#held;
    this.#held = [];
    for (const payload of held) void offlineRatings.save(payload);
    this.#publish();
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
