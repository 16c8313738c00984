import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFan, type LiveMatch, setupLiveMatch } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { MatchSnapshots, motmSeenBy } from './results.service';

let t: TestContext;
let live: LiveMatch;
beforeAll(async () => {
  t = await createTestContext();
  live = await setupLiveMatch(t);
});
afterAll(() => t.close());

it('computes a match once for many concurrent readers, and at most once per interval under writes', async () => {
  const snapshots = new MatchSnapshots(t.db, { minIntervalMs: 300, maxAgeMs: 60_000 });
  const first = await Promise.all(Array.from({ length: 50 }, () => snapshots.get(live.match.id)));
  expect(new Set(first).size).toBe(1);
  expect(snapshots.computations).toBe(1);

  // Ten writes in a burst, each followed by a read: one computation per interval at most, not ten.
  const fan = await createFan(t);
  const reads = [];
  const started = Date.now();
  for (const [i, p] of live.available.slice(0, 10).entries()) {
    await fan.api.post('/api/ratings', {
      userId: fan.user.id,
      playerId: p.id,
      matchId: live.match.id,
      rating: (i % 10) + 1,
    });
    snapshots.markDirty(live.match.id);
    reads.push(snapshots.get(live.match.id));
  }
  const after = await Promise.all(reads);
  const intervals = Math.ceil((Date.now() - started) / 300);
  expect(snapshots.computations - 1).toBeLessThanOrEqual(Math.min(10, intervals + 1));
  // Every write made before a read is in what that read returns.
  for (const [i, snapshot] of after.entries()) expect(snapshot.totalRatings).toBeGreaterThanOrEqual(i + 1);
  expect(after.at(-1)?.totalRatings).toBe(10);
  snapshots.close();
});

it('serves the kept snapshot to recent() while dirty, and counts a noted vote until a snapshot holds it', async () => {
  const snapshots = new MatchSnapshots(t.db, { minIntervalMs: 0, maxAgeMs: 60_000 });
  const matchId = live.match.id;
  const before = await snapshots.get(matchId);
  const pick = live.starters[0]?.id ?? 0;
  snapshots.noteVote(matchId, 'voter', pick);
  snapshots.markDirty(matchId);
  const computations = snapshots.computations;
  expect(await snapshots.recent(matchId)).toBe(before);
  expect(snapshots.computations).toBe(computations);

  // The voter's answer counts their pick; anyone else's is the snapshot's own.
  expect(snapshots.unseenVote(matchId, 'voter', before)).toBe(pick);
  expect(snapshots.unseenVote(matchId, 'someone else', before)).toBeUndefined();
  const seen = motmSeenBy(before, pick);
  expect(seen?.totalVotes).toBe(before.totalVotes + 1);
  expect(seen?.voteCount).toBe((before.votes.get(pick) ?? 0) + 1);
  expect(motmSeenBy(before, undefined)).toBe(before.motm);

  // A snapshot computed after the vote holds it: nothing is counted twice.
  const after = await snapshots.get(matchId);
  expect(after).not.toBe(before);
  expect(snapshots.unseenVote(matchId, 'voter', after)).toBeUndefined();
  snapshots.close();
});
