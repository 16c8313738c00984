import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';
import { keepSnapshot, restoreSnapshot } from './query-snapshot';
import { SNAPSHOT_KEY } from './storage';

/** localStorage's contract, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const USER = '6f1c1a8e-7c2b-4e8a-9a51-0d2f3c4b5a69';
const match = {
  id: 7,
  title: 'Manchester United vs Everton',
  opponent: 'Everton',
  venue: 'Old Trafford',
  tournament: 'Premier League',
  scheduledDate: null,
  kickOffTime: '15:00',
  score: '1-0',
  homeScore: 1,
  awayScore: 0,
  isLive: true,
  status: 'LIVE',
  startedAt: '2026-11-25T15:00:00.000Z',
  isHalfTime: false,
  createdAt: '2026-11-25T14:00:00.000Z',
  kickOffAt: null,
  isHome: null,
  feedNote: null,
  fullTimeAt: null,
  votingClosesAt: null,
  hiddenAt: null,
};

afterEach(() => vi.useRealTimers());

describe('the last screen kept for the next visit', () => {
  it('draws the same user’s screen at once and still asks the server again', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const first = createQueryClient();
    const stop = keepSnapshot(first, () => USER, storage);
    const parsedMatch = (await import('@shared/matches')).matchesApi.current.response.parse(match);
    first.setQueryData(queryKeys.currentMatch, parsedMatch);
    first.setQueryData(queryKeys.hasVoted(USER, 7), { hasVoted: false });
    first.setQueryData(queryKeys.availablePlayers, []);
    await vi.advanceTimersByTimeAsync(1500);
    stop();
    expect(storage.getItem(SNAPSHOT_KEY)).toContain(USER);

    const next = createQueryClient();
    restoreSnapshot(next, USER, storage);
    expect(next.getQueryData(queryKeys.currentMatch)).toEqual(parsedMatch);
    expect(next.getQueryData(queryKeys.hasVoted(USER, 7))).toEqual({ hasVoted: false });
    // Shown at once, yet stale: a screen that mounts asks the server again.
    const fetched = vi.fn(async () => ({ hasVoted: true }));
    const observer = new QueryObserver(next, { queryKey: queryKeys.hasVoted(USER, 7), queryFn: fetched });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledOnce());
    unsubscribe();
  });

  it('never shows one user’s screen to another, and drops what no longer fits its schema', () => {
    const storage = memoryStorage();
    storage.setItem(
      SNAPSHOT_KEY,
      JSON.stringify({
        userId: USER,
        entries: [
          { key: queryKeys.currentMatch, data: { ...match, homeScore: 'one' } },
          { key: queryKeys.hasVoted(USER, 7), data: { hasVoted: false } },
        ],
      }),
    );
    const other = createQueryClient();
    restoreSnapshot(other, '00000000-0000-4000-8000-000000000000', storage);
    expect(other.getQueryCache().getAll()).toHaveLength(0);

    const same = createQueryClient();
    restoreSnapshot(same, USER, storage);
    // The match no longer parses, so nothing that hangs on it is restored either.
    expect(same.getQueryData(queryKeys.currentMatch)).toBeUndefined();
    expect(same.getQueryData(queryKeys.hasVoted(USER, 7))).toBeUndefined();
  });

  it('survives storage that is empty, corrupt or missing', () => {
    const storage = memoryStorage();
    storage.setItem(SNAPSHOT_KEY, '{not json');
    const client = createQueryClient();
    expect(() => restoreSnapshot(client, USER, storage)).not.toThrow();
    expect(() => restoreSnapshot(client, USER, null)).not.toThrow();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
