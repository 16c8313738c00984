import 'fake-indexeddb/auto';
import type { ToastInput } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api-client';
import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import type { RatingBody } from '@shared/ratings';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OTHER, rating, USER } from './offline-fixtures';
import { OfflineRatingStore } from './offline-store';
import { isDefiniteRefusal, OfflineRatings, SYNC_TOASTS } from './offline-sync';

const unavailable = () => new ApiError(503, 'Service Unavailable', '');
const refused = (status: number) => new ApiError(status, 'Refused', '{"message":"Voting has ended"}');

function deferred<T = void>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A store with a clock that moves 1 s per rating kept, and a sync whose sends the test decides. */
function setup(answer: (payload: RatingBody) => Promise<unknown> = async () => ({})) {
  let now = 1_700_000_000_000;
  const store = new OfflineRatingStore({ now: () => (now += 1000) });
  const sent: RatingBody[] = [];
  const send = vi.fn((payload: RatingBody) => {
    sent.push(payload);
    return answer(payload);
  });
  const toasts: ToastInput[] = [];
  const offline = new OfflineRatings({ store, send, notify: (t) => toasts.push(t) });
  return { store, offline, send, sent, toasts };
}

// Routine debug logs stay out of the test output.
let debugSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  debugSpy = vi.spyOn(console, 'debug').mockImplementation(() => {});
});
afterEach(() => {
  debugSpy?.mockRestore();
});

describe('OfflineRatings.sync', () => {
  loadCatalogsForTests();

  it('sends the fan’s records oldest first without id and timestamp, deletes each, toasts the count', async () => {
    const { store, offline, sent, toasts } = setup();
    await store.save(rating(9, 7));
    await store.save(rating(4, 6));
    await store.save(rating(2, 8, OTHER));

    const outcome = await offline.sync(USER);
    expect(outcome).toEqual({ attempted: 2, synced: 2, failed: 0 });
    expect(sent).toEqual([rating(9, 7), rating(4, 6)]);
    expect(store.list(USER)).toEqual([]);
    // Another fan's ratings on this device are neither sent nor dropped.
    expect(store.list(OTHER)).toHaveLength(1);
    expect(toasts).toEqual([
      {
        variant: 'success',
        title: 'Ratings synced',
        description: '2 offline rating(s) synced successfully.',
      },
    ]);
    // Gone from the database too: a later visit finds nothing to send.
    const later = new OfflineRatingStore();
    await later.ready();
    expect(later.list(USER)).toEqual([]);
  });

  it('partial failure: the failed one stays for the next sync, destructive toast with the count', async () => {
    const { store, offline, toasts } = setup(async (payload) => {
      if (payload.playerId === 4) throw unavailable();
    });
    await store.save(rating(9, 7));
    await store.save(rating(4, 6));
    await store.save(rating(5, 5));
    expect(await offline.sync(USER)).toEqual({ attempted: 3, synced: 2, failed: 1 });
    expect(store.list(USER).map((r) => r.playerId)).toEqual([4]);
    expect(toasts).toEqual([
      { variant: 'destructive', title: 'Sync issues', description: '1 rating(s) failed to sync.' },
    ]);
  });

  it('total failure (network down): everything stays, destructive toast', async () => {
    const { store, offline, toasts } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await store.save(rating(9, 7));
    await store.save(rating(4, 6));
    expect(await offline.sync(USER)).toEqual({ attempted: 2, synced: 0, failed: 2 });
    expect(store.list(USER)).toHaveLength(2);
    expect(toasts).toEqual([
      { variant: 'destructive', title: 'Sync failed', description: 'Failed to sync offline ratings.' },
    ]);
  });

  it('a definite refusal is dropped (it would fail forever) and counted as failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, offline, toasts } = setup(async (payload) => {
      if (payload.playerId === 9) throw refused(409);
      if (payload.playerId === 4) throw unavailable();
    });
    await store.save(rating(9, 7));
    await store.save(rating(4, 6));
    await store.save(rating(5, 5));
    expect(await offline.sync(USER)).toEqual({ attempted: 3, synced: 1, failed: 2 });
    expect(store.list(USER).map((r) => r.playerId)).toEqual([4]);
    expect(toasts).toEqual([SYNC_TOASTS.partial(2)]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('sorts failures: 400/403/404/409 are refusals; network, 5xx, 401, 408 and 429 may pass', () => {
    for (const status of [400, 403, 404, 409]) expect(isDefiniteRefusal(refused(status))).toBe(true);
    for (const status of [401, 408, 429, 500, 502, 503])
      expect(isDefiniteRefusal(refused(status))).toBe(false);
    expect(isDefiniteRefusal(new TypeError('Failed to fetch'))).toBe(false);
    expect(isDefiniteRefusal(new DOMException('timed out', 'TimeoutError'))).toBe(false);
  });

  it('says nothing when there is nothing to send', async () => {
    const { offline, send, toasts } = setup();
    expect(await offline.sync(USER)).toEqual({ attempted: 0, synced: 0, failed: 0 });
    expect(send).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('runs one sync at a time: a second call joins the running one', async () => {
    const gate = deferred();
    const { store, offline, send, toasts } = setup(() => gate.promise);
    await store.save(rating(9, 7));
    const first = offline.sync(USER);
    const second = offline.sync(USER);
    gate.resolve();
    expect(await first).toEqual(await second);
    expect(send).toHaveBeenCalledTimes(1);
    expect(toasts).toHaveLength(1);
  });
});

describe('OfflineRatings: direct ratings and the final vote', () => {
  it('a direct rating waits for a running sync, then drops the older queued value once it succeeds', async () => {
    const gate = deferred();
    const order: string[] = [];
    const { store, offline } = setup(async (payload) => {
      order.push(`sync ${payload.rating}`);
      await gate.promise;
    });
    await store.save(rating(9, 5));
    await store.save(rating(4, 6));
    const syncing = offline.sync(USER);
    const direct = offline.runDirect(rating(9, 0), async () => {
      order.push('direct 8');
      return 'ok';
    });
    await vi.waitFor(() => expect(order).toEqual(['sync 5']));
    // The direct rating does not overtake the sync.
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['sync 5']);
    gate.resolve();
    await syncing;
    expect(await direct).toBe('ok');
    expect(order).toEqual(['sync 5', 'sync 6', 'direct 8']);
    expect(store.list(USER)).toEqual([]);
  });

  it('a sync started during a direct rating leaves that player alone; the direct success removes it', async () => {
    const gate = deferred<string>();
    const started = deferred();
    const { store, offline, sent } = setup();
    await store.save(rating(9, 5));
    await store.save(rating(4, 6));
    const direct = offline.runDirect(rating(9, 0), () => {
      started.resolve();
      return gate.promise;
    });
    await started.promise;
    const outcome = await offline.sync(USER);
    expect(outcome).toEqual({ attempted: 1, synced: 1, failed: 0 });
    expect(sent).toEqual([rating(4, 6)]);
    expect(store.list(USER).map((r) => r.playerId)).toEqual([9]);
    gate.resolve('ok');
    await direct;
    expect(store.list(USER)).toEqual([]);
  });

  it('a failed direct rating leaves the queued value for the caller to replace', async () => {
    const { store, offline } = setup();
    await store.save(rating(9, 5));
    await expect(
      offline.runDirect(rating(9, 0), async () => {
        throw unavailable();
      }),
    ).rejects.toThrow('503');
    expect(store.list(USER).map((r) => r.rating)).toEqual([5]);
  });

  it('flush sends what is left after a running sync; pending counts the match’s waiting ratings', async () => {
    let calls = 0;
    const { store, offline } = setup(async () => {
      // The running sync fails (network still down); the flush after it gets through.
      if (calls++ < 2) throw unavailable();
    });
    await store.save(rating(9, 5));
    await store.save(rating(4, 6, USER, 2));
    expect(offline.pending(USER, 1)).toBe(1);
    const running = offline.sync(USER);
    const flushed = offline.flush(USER);
    expect(await running).toMatchObject({ failed: 2 });
    expect(await flushed).toMatchObject({ synced: 2 });
    expect(offline.pending(USER, 1)).toBe(0);
    expect(offline.pending(USER, 2)).toBe(0);
  });
});
