import { ratingsApi, votesApi } from '@shared/match-day';
import { matchesApi } from '@shared/matches';
import { playersApi } from '@shared/players';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { queryKeys } from './query-keys';
import { SNAPSHOT_KEY } from './storage';

/** How long a write waits for others: a burst of answers is written once. */
const WRITE_DELAY_MS = 1000;

interface Kept {
  key: QueryKey;
  schema: z.ZodType;
}

/** The answers the voting screen is drawn from, for this user and match. */
function keptQueries(userId: string, matchId: number | null): Kept[] {
  const kept: Kept[] = [
    { key: queryKeys.currentMatch, schema: matchesApi.current.response },
    { key: queryKeys.availablePlayers, schema: playersApi.available.response },
  ];
  if (matchId === null) return kept;
  return [
    ...kept,
    { key: queryKeys.userRatings(userId, matchId), schema: ratingsApi.userRatings.response },
    { key: queryKeys.voteProgress(userId, matchId), schema: votesApi.progress.response },
    { key: queryKeys.hasVoted(userId, matchId), schema: votesApi.hasVoted.response },
  ];
}

interface Snapshot {
  userId: string;
  entries: { key: QueryKey; data: unknown }[];
}

function matchIdOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('id' in data)) return null;
  return typeof data.id === 'number' ? data.id : null;
}

/**
 * Puts kept answers (the last visit's, or the server's boot answers) into the cache for this user: only
 * the voting screen's, each one parsed by its endpoint's schema (anything that no longer fits, as after a
 * release, is dropped), and each marked stale, so a screen that shows them asks the server again at once.
 */
export function seedAnswers(
  client: QueryClient,
  userId: string,
  entries: readonly { key: QueryKey; data: unknown }[],
): void {
  const given = new Map(entries.map((entry) => [JSON.stringify(entry.key), entry.data]));
  // The per-match answers hang on the match: only a match that still parses names them.
  const match = matchesApi.current.response.safeParse(given.get(JSON.stringify(queryKeys.currentMatch)));
  for (const { key, schema } of keptQueries(userId, match.success ? matchIdOf(match.data) : null)) {
    const raw = given.get(JSON.stringify(key));
    if (raw === undefined) continue;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) continue;
    // Older than anything the server sends, so no fresh answer is ever overwritten by it.
    client.setQueryData(key, parsed.data, { updatedAt: 1 });
    void client.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}

/**
 * Puts the answers a signed-out visitor's screen was drawn from into the cache: the server read them
 * through the page's own requests (each parsed by its endpoint's schema there). A drawing can be a
 * moment old (it is shared for a few seconds), so each is marked stale and asked again by the screen.
 */
export function seedPublicAnswers(client: QueryClient, entries: readonly { key: QueryKey; data: unknown }[]) {
  for (const { key, data } of entries) {
    if (!Array.isArray(key)) continue;
    client.setQueryData(key, data, { updatedAt: 1 });
    void client.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}

/** A repeat visit draws the last screen at once from what this device kept for the same user. */
export function restoreSnapshot(client: QueryClient, userId: string | null, storage: Storage | null): void {
  if (!userId || !storage) return;
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(storage.getItem(SNAPSHOT_KEY) ?? 'null') as Snapshot;
  } catch {
    return;
  }
  if (!snapshot || snapshot.userId !== userId || !Array.isArray(snapshot.entries)) return;
  seedAnswers(client, userId, snapshot.entries);
}

/** Keeps the voting screen's answers for the next visit, written a moment after they change. */
export function keepSnapshot(client: QueryClient, userId: () => string | null, storage: Storage | null) {
  if (!storage) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    const id = userId();
    if (!id) return;
    const match = client.getQueryData(queryKeys.currentMatch);
    const entries = keptQueries(id, matchIdOf(match))
      .map(({ key }) => ({ key, data: client.getQueryData(key) }))
      .filter((entry) => entry.data !== undefined);
    try {
      storage.setItem(SNAPSHOT_KEY, JSON.stringify({ userId: id, entries } satisfies Snapshot));
    } catch {
      // Full or refused storage: the next visit simply waits for the network.
    }
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (timer === undefined) timer = setTimeout(write, WRITE_DELAY_MS);
  });
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    unsubscribe();
  };
}
