import { randomBytes } from 'node:crypto';
import type { LeaderboardEntry } from '@shared/ratings';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveClient, listen, openLive, settle } from '../../../../tests/server/live-client';
import {
  client,
  createFan,
  type LiveMatch,
  rateAll,
  setupLiveMatch,
  voteAll,
} from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { createTestDatabase } from '../../../../tests/server/test-db';
import { type DbHandle, rows } from '../../db/client';
import { RedisCoordinator } from '../../lib/tick-coordinator';

/**
 * Two instances of the product on one PostgreSQL database and one real Redis (REDIS_URL), as in a
 * scaled-out deployment: what happens on one must reach the sockets and the reads of the other.
 */
let database: DbHandle;
let a: TestContext;
let b: TestContext;
let live: LiveMatch;
let baseA: string;
let baseB: string;
const open: LiveClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // A namespace of this run's own, so parallel test files (and other products) on the Redis stay apart.
  const live_ = { redisPrefix: `matchday-test-${randomBytes(4).toString('hex')}`, intervalMs: 150 };
  const env = { REDIS_URL: process.env.REDIS_URL ?? '' };
  a = await createTestContext({ database, env, live: live_ });
  b = await createTestContext({ database, env, live: live_ });
  live = await setupLiveMatch(a);
  baseA = await listen(a.app);
  baseB = await listen(b.app);
});
afterAll(async () => {
  for (const c of open) c.close();
  await a?.close();
  await b?.close();
  await database?.close();
});

const connect = async (base: string, cookie?: string) => {
  const c = await openLive(base, cookie ? { cookie } : {});
  open.push(c);
  await c.next('connection_established');
  return c;
};

describe('two instances behind one Redis', () => {
  it('an admin change made on instance A reaches a socket on instance B', async () => {
    const fan = await createFan(a);
    const onB = await connect(baseB, fan.cookie);
    const onA = await connect(baseA, fan.cookie);
    const res = await live.admin.api.patch(`/api/matches/${live.match.id}`, { score: '1-0' });
    expect(res.status).toBe(200);
    await onB.next('match_update');
    await onA.next('match_update');
    // Each instance delivers it once, not once per instance.
    await settle(300);
    expect(onB.of('match_update')).toHaveLength(1);
    expect(onA.of('match_update')).toHaveLength(1);
  });

  it('a rating posted on A is in the leaderboard read from B and pushed to a voter on B', async () => {
    const voter = await createFan(a);
    await voteAll(voter, live, 5);
    const onB = await connect(baseB, voter.cookie);
    await settle(200);

    const url = `/api/leaderboard/match/${live.match.id}`;
    const fromB = client(b, voter.cookie);
    // B has served (and cached) the leaderboard before the new rating.
    expect((await fromB.get<LeaderboardEntry[]>(url)).status).toBe(200);
    const player = live.starters[2];
    if (!player) throw new Error('no player');
    const [row] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ratings where match_id = ${live.match.id} and player_id = ${player.id}`,
    );
    const countBefore = row?.n ?? 0;

    const rater = await createFan(a);
    const rated = await rater.api.post('/api/ratings', {
      userId: rater.user.id,
      playerId: player.id,
      matchId: live.match.id,
      rating: 10,
    });
    expect(rated.status).toBe(200);

    const pushed = await onB.next(
      'leaderboard_update',
      (m) => m.data.leaderboard.some((e) => e.id === player.id && e.ratingCount === countBefore + 1),
      3000,
    );
    expect(pushed.data.matchId).toBe(live.match.id);

    // B's own cache learnt of A's write: its next read holds it, well within B's 2 s cache age.
    // (Before the rating the player may not even be in B's top ten: wait for the exact new count.)
    const deadline = Date.now() + 1500;
    let count: number | undefined;
    while (Date.now() < deadline && count !== countBefore + 1) {
      count = (await fromB.get<LeaderboardEntry[]>(url)).body.find((e) => e.id === player.id)?.ratingCount;
      if (count !== countBefore + 1) await settle(50);
    }
    expect(count).toBe(countBefore + 1);
  });

  it('ratings on both instances are pushed once per change, by one instance, in order', async () => {
    const voter = await createFan(a);
    await voteAll(voter, live, 6);
    const onA = await connect(baseA, voter.cookie);
    const onB = await connect(baseB, voter.cookie);
    await settle(400);
    // The vote's own push can reach A before B's socket is open: only the pushes after both are counted.
    const earlierA = onA.of('leaderboard_update').length;
    const earlierB = onB.of('leaderboard_update').length;

    const fanA = await createFan(a);
    const fanB = await createFan(b);
    await Promise.all([
      rateAll(fanA.api, fanA.user.id, live, 9),
      rateAll(client(b, fanB.cookie), fanB.user.id, live, 2),
    ]);
    const [row] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ratings where match_id = ${live.match.id}`,
    );
    const total = row?.n ?? -1;
    // Both fans' ratings, whichever instance took them, end up in what both sockets receive.
    await onB.next('leaderboard_update', (m) => m.data.totalRatings === total, 3000);
    await onA.next('leaderboard_update', (m) => m.data.totalRatings === total, 3000);
    await settle(500);
    const seqsA = onA
      .of('leaderboard_update')
      .slice(earlierA)
      .map((m) => m.data.seq);
    const seqsB = onB
      .of('leaderboard_update')
      .slice(earlierB)
      .map((m) => m.data.seq);
    // The same pushes reach both instances' sockets: one computation per claim, not one per instance.
    expect(seqsA).toEqual(seqsB);
    expect(new Set(seqsA).size).toBe(seqsA.length);
    for (let i = 1; i < seqsA.length; i += 1) expect(seqsA[i]).toBeGreaterThan(seqsA[i - 1] as number);
  });
});

describe('the tick coordinator on Redis', () => {
  it('lets one instance of several claim a dirty match, with sequence numbers that only grow', async () => {
    const prefix = `matchday-test-${randomBytes(4).toString('hex')}`;
    const connections = [new Redis(process.env.REDIS_URL ?? ''), new Redis(process.env.REDIS_URL ?? '')];
    try {
      const [one, two] = connections.map((r) => new RedisCoordinator(r, prefix, 100)) as [
        RedisCoordinator,
        RedisCoordinator,
      ];
      expect(await one.claim('7')).toBeNull();
      await one.mark('7', ['rating']);
      await two.mark('7', ['vote']);
      const claims = await Promise.all([one.claim('7'), two.claim('7')]);
      const won = claims.filter((c) => c !== null);
      expect(won).toHaveLength(1);
      expect(won[0]?.kinds.sort()).toEqual(['rating', 'vote']);
      // Held while computing and for the interval after: a new write waits, then is claimed once.
      await two.mark('7', ['rating']);
      expect(await two.claim('7')).toBeNull();
      const first = won[0];
      if (!first) throw new Error('no claim');
      await (claims[0] ? one : two).release('7', first);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const next = await two.claim('7');
      expect(next?.kinds).toEqual(['rating']);
      expect(next?.seq).toBeGreaterThan(first.seq);
    } finally {
      for (const r of connections) r.disconnect();
    }
  });
});
