import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { type LiveClient, listen, openLive, settle } from '../../testing/live-client';
import { createFan, type LiveMatch, setupLiveMatch, voteAll } from '../../testing/match-fixtures';
import { createTestContext, type TestContext } from '../../testing/test-app';

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
  // The voter's ratings and vote went out in two pushes (at once, then at the interval's end); then quiet.
  await settle(2 * INTERVAL_MS + 200);
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

    // More ratings within the interval: one push with all of them, once the interval is over.
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
    const trailing = await socket.next(
      'leaderboard_update',
      (m) => m.data.totalRatings === afterFour,
      INTERVAL_MS + 2000,
    );
    expect(trailing.data.seq - leading.data.seq).toBeGreaterThanOrEqual(INTERVAL_MS);
    await settle(300);
    expect(socket.of('leaderboard_update').length - before).toBe(2);
  });
});
