import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveClient, listen, openLive, settle } from '../../../../tests/server/live-client';
import { createFan, type LiveMatch, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { rows } from '../../db/client';

/**
 * Long enough that a push waiting for the ticker's timer could not pass for one sent at once, with
 * room to spare when CI runs many files against one database (a 3 s interval once missed there).
 */
const INTERVAL_MS = 8000;

let t: TestContext;
let live: LiveMatch;
let socket: LiveClient;

const ratingsInMatch = async () => {
  const [row] = await rows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from ratings where match_id = ${live.match.id}`,
  );
  return row?.n ?? -1;
};

beforeAll(async () => {
  t = await createTestContext({ live: { intervalMs: INTERVAL_MS } });
  live = await setupLiveMatch(t);
  const voter = await createFan(t);
  await voteAll(voter, live, 7);
  socket = await openLive(await listen(t.app), { cookie: voter.cookie });
  await socket.next('connection_established');
  // The voter's ratings and vote went out in two pushes (at once, then at the interval's end), the second
  // as late as a busy machine made it. Quiet is a whole interval with no push after the last one, awaited
  // as such: a fixed wait left a second to spare, and a late push used it up.
  for (let seen = -1; seen !== socket.of('leaderboard_update').length; ) {
    seen = socket.of('leaderboard_update').length;
    await settle(INTERVAL_MS + 500);
  }
});
afterAll(async () => {
  socket?.close();
  await t?.close();
});

describe('the leaderboard ticker', () => {
  it('pushes a rating after a quiet spell at once, and those of the interval after it together at its end', async () => {
    const before = socket.of('leaderboard_update').length;
    const fan = await createFan(t);
    const [first, ...others] = live.available;
    if (!first) throw new Error('no player');

    const sentAt = Date.now();
    const rated = await fan.api.post('/api/ratings', {
      userId: fan.user.id,
      playerId: first.id,
      matchId: live.match.id,
      rating: 9,
    });
    expect(rated.status).toBe(200);
    const afterOne = await ratingsInMatch();
    const leading = await socket.next(
      'leaderboard_update',
      (m) => m.data.totalRatings === afterOne,
      INTERVAL_MS / 2,
    );
    // Not after the ticker's timer, which would take up to an interval.
    expect(Date.now() - sentAt).toBeLessThan(INTERVAL_MS / 2);

    // More ratings within the interval: pushed together at its end, never one by one at once. (On a
    // loaded machine the three may straddle the interval's end: then the rest go one interval later.)
    for (const player of others.slice(0, 3)) {
      const res = await fan.api.post('/api/ratings', {
        userId: fan.user.id,
        playerId: player.id,
        matchId: live.match.id,
        rating: 4,
      });
      expect(res.status).toBe(200);
    }
    const afterFour = await ratingsInMatch();
    await socket.next('leaderboard_update', (m) => m.data.totalRatings === afterFour, 2 * INTERVAL_MS + 2000);
    await settle(300);
    const pushes = socket.of('leaderboard_update').slice(before);
    const seqs = pushes.map((m) => m.data.seq);
    expect(seqs[0]).toBe(leading.data.seq);
    expect(pushes.length).toBeGreaterThanOrEqual(2);
    expect(pushes.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < seqs.length; i += 1)
      expect((seqs[i] ?? 0) - (seqs[i - 1] ?? 0)).toBeGreaterThanOrEqual(INTERVAL_MS);
  });
});
