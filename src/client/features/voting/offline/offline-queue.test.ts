import 'fake-indexeddb/auto';
import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import type { RatingBody } from '@shared/ratings';
import { QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rating, USER } from './offline-fixtures';
import { type OfflineModule, OfflineQueue } from './offline-queue';
import { OfflineRatingStore } from './offline-store';
import { OfflineRatings } from './offline-sync';

/** A stand-in for the lazy chunk: a real store and sync, with sends the test records. */
function fakeModule() {
  const sent: RatingBody[] = [];
  const offlineRatings = new OfflineRatings({
    store: new OfflineRatingStore(),
    send: async (payload) => {
      sent.push(payload);
    },
    notify: () => {},
  });
  const module: OfflineModule = {
    offlineRatings,
    syncOfflineRatings: (_queryClient, userId) => offlineRatings.sync(userId),
    flushOfflineRatings: async () => true,
  };
  return { module, sent };
}

/** The chunk's fetch, failing while `offline` is set (as with no network and no service worker). */
function importer(module: OfflineModule) {
  const state = { offline: false, calls: 0 };
  const load = vi.fn(async () => {
    state.calls += 1;
    if (state.offline) throw new TypeError('Failed to fetch dynamically imported module');
    return module;
  });
  return { state, load };
}

const values = (queue: OfflineQueue) => queue.getSnapshot().map((r) => [r.playerId, r.rating]);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('OfflineQueue', () => {
  loadCatalogsForTests();

  it('fetches the module once, and shows what its store keeps', async () => {
    const { module } = fakeModule();
    const { load } = importer(module);
    const queue = new OfflineQueue(load);
    expect(queue.getSnapshot()).toEqual([]);
    const [a, b] = await Promise.all([queue.load(), queue.load()]);
    expect(a).toBe(module);
    expect(b).toBe(module);
    expect(load).toHaveBeenCalledTimes(1);

    const seen: number[] = [];
    queue.subscribe(() => seen.push(queue.getSnapshot().length));
    queue.save(rating(9, 7));
    expect(values(queue)).toEqual([[9, 7]]);
    expect(seen).toEqual([1]);
    expect(module.offlineRatings.store.list(USER).map((r) => r.rating)).toEqual([7]);
  });

  it('holds a rating while the module cannot be fetched, shows it, and hands it over once it loads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { module, sent } = fakeModule();
    const { state, load } = importer(module);
    const queue = new OfflineQueue(load);
    state.offline = true;
    await expect(queue.load()).rejects.toThrow('Failed to fetch');

    queue.save(rating(9, 5));
    queue.save(rating(4, 6));
    // Rated again: only the newest value is held.
    queue.save(rating(9, 8));
    expect(values(queue)).toEqual([
      [4, 6],
      [9, 8],
    ]);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(3));

    // Back online: the next sync fetches the module again, and the held ratings are stored and sent.
    state.offline = false;
    await queue.sync(new QueryClient(), USER);
    expect(sent).toEqual([rating(4, 6), rating(9, 8)]);
    expect(queue.getSnapshot()).toEqual([]);
    expect(state.calls).toBe(3);
    warn.mockRestore();
  });

  it('a sync that cannot fetch the module only logs; the held ratings stay', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { module, sent } = fakeModule();
    const { state, load } = importer(module);
    const queue = new OfflineQueue(load);
    state.offline = true;
    queue.save(rating(9, 5));
    await expect(queue.sync(new QueryClient(), USER)).resolves.toBeUndefined();
    expect(sent).toEqual([]);
    expect(values(queue)).toEqual([[9, 5]]);
    warn.mockRestore();
  });

  it('a direct rating is sent at once, before the module is here, and replaces a held older value', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { module, sent } = fakeModule();
    const { state, load } = importer(module);
    const queue = new OfflineQueue(load);
    state.offline = true;
    queue.save(rating(9, 5));
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    const calls = state.calls;

    // The chunk still cannot be fetched, yet the network answers: the rating goes now, without it.
    const result = await queue.runDirect(rating(9, 0), async () => 'sent 8');
    expect(result).toBe('sent 8');
    expect(state.calls).toBe(calls);
    expect(queue.getSnapshot()).toEqual([]);

    state.offline = false;
    await queue.sync(new QueryClient(), USER);
    expect(sent).toEqual([]);
    expect(module.offlineRatings.store.list(USER)).toEqual([]);
    warn.mockRestore();
  });

  it('a value stored by an earlier visit is dropped, not sent after a newer direct rating', async () => {
    // An earlier visit left 9 → 4 in IndexedDB.
    const earlier = new OfflineRatingStore();
    await earlier.ready();
    await earlier.save(rating(9, 4));
    await earlier.save(rating(10, 6));

    const { module, sent } = fakeModule();
    const { load } = importer(module);
    const queue = new OfflineQueue(load);
    await queue.runDirect(rating(9, 0), async () => 'sent 8');
    await queue.sync(new QueryClient(), USER);
    // Player 10's kept value still goes; player 9's older one never overwrites the 8.
    expect(sent).toEqual([rating(10, 6)]);
    expect(module.offlineRatings.store.list(USER)).toEqual([]);
  });

  it('a direct rating that fails before the module is here leaves the caller to keep it', async () => {
    const { module } = fakeModule();
    const { state, load } = importer(module);
    const queue = new OfflineQueue(load);
    state.offline = true;
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(queue.runDirect(rating(9, 0), send)).rejects.toThrow('Failed to fetch');
    expect(send).toHaveBeenCalledTimes(1);
  });
});
