import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OTHER, rating, USER } from './offline-fixtures';
import {
  newestPerKey,
  OFFLINE_DB_NAME,
  OFFLINE_DB_VERSION,
  OFFLINE_STORE_NAME,
  type OfflineRatingRecord,
  OfflineRatingStore,
} from './offline-store';

async function storedRecords(): Promise<OfflineRatingRecord[]> {
  const db = await openDB(OFFLINE_DB_NAME, OFFLINE_DB_VERSION);
  const all = (await db.getAll(OFFLINE_STORE_NAME)) as OfflineRatingRecord[];
  db.close();
  return all;
}

beforeEach(() => {
  // A fresh browser database for every test.
  globalThis.indexedDB = new IDBFactory();
});

describe('OfflineRatingStore', () => {
  it("keeps records in 'matchday-offline' v1, store 'offline_ratings' keyed by id", async () => {
    let now = 1_700_000_000_000;
    const store = new OfflineRatingStore({ now: () => now });
    expect(await store.ready()).toBe(true);
    const record = await store.save(rating(9, 7));
    expect(record).toEqual({
      ...rating(9, 7),
      id: expect.stringMatching(/^offline_1700000000000_[a-z0-9]+$/),
      timestamp: 1_700_000_000_000,
    });
    now += 5;
    await store.save(rating(10, 6));

    const db = await openDB(OFFLINE_DB_NAME);
    expect(db.version).toBe(1);
    expect([...db.objectStoreNames]).toEqual(['offline_ratings']);
    expect(db.transaction(OFFLINE_STORE_NAME).store.keyPath).toBe('id');
    db.close();
    expect(await storedRecords()).toHaveLength(2);
    expect(store.list(USER).map((r) => r.playerId)).toEqual([9, 10]);
  });

  it('keeps only the newest record per user, player and match', async () => {
    const store = new OfflineRatingStore();
    await store.save(rating(9, 5));
    await store.save(rating(9, 8));
    await store.save(rating(9, 4, OTHER));
    await store.save(rating(9, 3, USER, 2));
    await store.save(rating(9, 10));
    expect(store.list(USER).map((r) => [r.matchId, r.rating])).toEqual([
      [2, 3],
      [1, 10],
    ]);
    expect(store.list(OTHER).map((r) => r.rating)).toEqual([4]);
    const stored = await storedRecords();
    expect(
      stored.map((r) => `${r.userId === USER ? 'me' : 'other'}:${r.matchId}:${r.rating}`).sort(),
    ).toEqual(['me:1:10', 'me:2:3', 'other:1:4']);
  });

  it('shows a saved rating at once, before the database write finishes', () => {
    const store = new OfflineRatingStore();
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().length));
    void store.save(rating(9, 7));
    expect(store.getSnapshot()).toHaveLength(1);
    expect(seen).toEqual([1]);
  });

  it('carries records over to the next visit, and removes them by id', async () => {
    const first = new OfflineRatingStore();
    const kept = await first.save(rating(9, 7));
    await first.save(rating(10, 6));

    const next = new OfflineRatingStore();
    expect(next.list(USER)).toEqual([]);
    expect(await next.ready()).toBe(true);
    expect(next.list(USER).map((r) => r.playerId)).toEqual([9, 10]);
    await next.remove(kept.id);
    expect(next.list(USER).map((r) => r.playerId)).toEqual([10]);
    expect((await storedRecords()).map((r) => r.playerId)).toEqual([10]);
  });

  it('a rating kept before the database was read wins over an older copy from the last visit', async () => {
    let now = 1000;
    const first = new OfflineRatingStore({ now: () => now });
    await first.save(rating(9, 3));
    now = 2000;
    const next = new OfflineRatingStore({ now: () => now });
    const saving = next.save(rating(9, 9));
    expect(await next.ready()).toBe(true);
    await saving;
    expect(next.list(USER).map((r) => r.rating)).toEqual([9]);
    expect((await storedRecords()).map((r) => r.rating)).toEqual([9]);
  });

  it('without a database it only logs, and keeps ratings for this visit', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = new OfflineRatingStore({ open: () => Promise.reject(new Error('blocked')) });
    expect(await store.ready()).toBe(false);
    await store.save(rating(9, 7));
    expect(store.list(USER).map((r) => r.rating)).toEqual([7]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('a database that never answers is given up on, so ratings are not held up', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = new OfflineRatingStore({ open: () => new Promise(() => {}), openTimeoutMs: 20 });
    expect(await store.ready()).toBe(false);
    await store.save(rating(9, 7));
    expect(store.list(USER)).toHaveLength(1);
    warn.mockRestore();
  });
});

describe('newestPerKey', () => {
  it('keeps the latest record of each key, oldest first', () => {
    const record = (id: string, playerId: number, timestamp: number, value: number): OfflineRatingRecord => ({
      ...rating(playerId, value),
      id,
      timestamp,
    });
    expect(
      newestPerKey([record('c', 1, 30, 9), record('a', 1, 10, 2), record('b', 2, 20, 5)]).map((r) => r.id),
    ).toEqual(['b', 'c']);
  });
});
