import type { RatingBody } from '@shared/ratings';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** A local browser database, version 1, with one store of offline ratings keyed by id. */
export const OFFLINE_DB_NAME = 'matchday-offline';
export const OFFLINE_DB_VERSION = 1;
export const OFFLINE_STORE_NAME = 'offline_ratings';

/** The rating payload plus a local id `offline_{timestamp}_{random}` and the time it was kept. */
export interface OfflineRatingRecord extends RatingBody {
  id: string;
  timestamp: number;
}

interface OfflineDatabase extends DBSchema {
  offline_ratings: { key: string; value: OfflineRatingRecord };
}

export type OfflineDb = IDBPDatabase<OfflineDatabase>;

export function openOfflineDatabase(): Promise<OfflineDb> {
  return openDB<OfflineDatabase>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(OFFLINE_STORE_NAME)) {
        db.createObjectStore(OFFLINE_STORE_NAME, { keyPath: 'id' });
      }
    },
  });
}

export function offlineRatingId(timestamp: number, random: () => number = Math.random): string {
  return `offline_${timestamp}_${random().toString(36).slice(2, 11)}`;
}

type RatingKey = Pick<RatingBody, 'userId' | 'playerId' | 'matchId'>;

/** The same fan, player and match: a later rating replaces an earlier one. */
export function sameRatingKey(a: RatingKey, b: RatingKey): boolean {
  return a.userId === b.userId && a.playerId === b.playerId && a.matchId === b.matchId;
}

/** What is sent again: the stored record without its local id and timestamp. */
export function ratingPayload(record: OfflineRatingRecord): RatingBody {
  return { userId: record.userId, playerId: record.playerId, matchId: record.matchId, rating: record.rating };
}

const byTime = (a: OfflineRatingRecord, b: OfflineRatingRecord) => a.timestamp - b.timestamp;

/** Only the newest record per fan, player and match, oldest first. */
export function newestPerKey(records: readonly OfflineRatingRecord[]): OfflineRatingRecord[] {
  const newest: OfflineRatingRecord[] = [];
  for (const record of [...records].sort(byTime)) {
    const index = newest.findIndex((kept) => sameRatingKey(kept, record));
    if (index >= 0) newest.splice(index, 1);
    newest.push(record);
  }
  return newest;
}

/** A database that neither opens nor fails (a blocked upgrade, a browser bug) must not hold ratings up. */
const OPEN_TIMEOUT_MS = 5000;

interface OfflineRatingStoreOptions {
  open?: () => Promise<OfflineDb>;
  now?: () => number;
  openTimeoutMs?: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Ratings the server could not take yet. The records live in memory first, so the page shows a
 * queued rating at once and keeps working when the browser refuses a database (private modes);
 * every change is then written to the database, which carries them over to the next visit.
 * Database failures are only logged.
 */
export class OfflineRatingStore {
  readonly #open: () => Promise<OfflineDb>;
  readonly #now: () => number;
  readonly #openTimeoutMs: number;
  readonly #listeners = new Set<() => void>();
  #records: readonly OfflineRatingRecord[] = [];
  /** Removed before the database was read: an earlier visit's copy must not come back. */
  readonly #removed = new Set<string>();
  #db: Promise<OfflineDb | null> | null = null;
  #ready: Promise<boolean> | null = null;
  #lastTimestamp = 0;

  constructor({
    open = openOfflineDatabase,
    now = Date.now,
    openTimeoutMs = OPEN_TIMEOUT_MS,
  }: OfflineRatingStoreOptions = {}) {
    this.#open = open;
    this.#now = now;
    this.#openTimeoutMs = openTimeoutMs;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** Every kept record, oldest first; a new array after every change (for useSyncExternalStore). */
  getSnapshot = (): readonly OfflineRatingRecord[] => this.#records;

  /** Opens the database and loads what an earlier visit left: false (logged) when it cannot. */
  ready(): Promise<boolean> {
    this.#ready ??= this.#load();
    return this.#ready;
  }

  /** The user's records, oldest first. */
  list(userId: string): OfflineRatingRecord[] {
    return this.#records.filter((r) => r.userId === userId);
  }

  /** Keeps a rating to send later; an older one for the same fan, player and match is dropped. */
  async save(payload: RatingBody): Promise<OfflineRatingRecord> {
    // Strictly increasing, so "newest" is well defined even for two ratings in one millisecond.
    const timestamp = Math.max(this.#now(), this.#lastTimestamp + 1);
    this.#lastTimestamp = timestamp;
    const record: OfflineRatingRecord = {
      userId: payload.userId,
      playerId: payload.playerId,
      matchId: payload.matchId,
      rating: payload.rating,
      id: offlineRatingId(timestamp),
      timestamp,
    };
    this.#set([...this.#records.filter((r) => !sameRatingKey(r, record)), record]);
    await this.#write('save', async (db) => {
      const tx = db.transaction(OFFLINE_STORE_NAME, 'readwrite');
      for (const stored of await tx.store.getAll()) {
        if (sameRatingKey(stored, record)) await tx.store.delete(stored.id);
      }
      await tx.store.put(record);
      await tx.done;
    });
    return record;
  }

  async remove(id: string): Promise<void> {
    this.#removed.add(id);
    this.#set(this.#records.filter((r) => r.id !== id));
    await this.#write('delete', (db) => db.delete(OFFLINE_STORE_NAME, id));
  }

  #set(records: readonly OfflineRatingRecord[]): void {
    this.#records = records;
    for (const listener of this.#listeners) listener();
  }

  #database(): Promise<OfflineDb | null> {
    this.#db ??= withTimeout(this.#open(), this.#openTimeoutMs).catch((error: unknown) => {
      console.warn(
        'The offline ratings database could not be opened; ratings are kept for this visit only',
        error,
      );
      return null;
    });
    return this.#db;
  }

  async #load(): Promise<boolean> {
    const db = await this.#database();
    if (!db) return false;
    try {
      const stored = await db.getAll(OFFLINE_STORE_NAME);
      // Ratings kept in memory meanwhile are newer than what an earlier visit left.
      const merged = newestPerKey([...stored.filter((r) => !this.#removed.has(r.id)), ...this.#records]);
      for (const old of stored) {
        if (!merged.some((r) => r.id === old.id)) await db.delete(OFFLINE_STORE_NAME, old.id);
      }
      this.#lastTimestamp = Math.max(this.#lastTimestamp, ...merged.map((r) => r.timestamp));
      this.#set(merged);
      return true;
    } catch (error) {
      console.warn('The offline ratings could not be read', error);
      return false;
    }
  }

  async #write(what: string, change: (db: OfflineDb) => Promise<unknown>): Promise<void> {
    const db = await this.#database();
    if (!db) return;
    try {
      await change(db);
    } catch (error) {
      console.warn(`Offline rating ${what} failed; kept in memory only`, error);
    }
  }
}
