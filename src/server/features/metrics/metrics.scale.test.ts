import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveClient, listen, openLive } from '../../../../tests/server/live-client';
import { createFan, type LiveMatch, setupLiveMatch } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { createTestDatabase } from '../../../../tests/server/test-db';
import type { DbHandle } from '../../db/client';
import { RedisCoordinator } from '../../lib/tick-coordinator';

/** Two instances on one database and one Redis: the push lag of a rating taken by one, pushed by the other. */
let database: DbHandle;
let a: TestContext;
let b: TestContext;
let live: LiveMatch;
let baseB: string;
const open: LiveClient[] = [];
const prefix = `matchday-test-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { REDIS_URL: process.env.REDIS_URL ?? '' };
  const options = { database, env, live: { redisPrefix: prefix, intervalMs: 150 } };
  a = await createTestContext(options);
  b = await createTestContext(options);
  live = await setupLiveMatch(a);
  await listen(a.app);
  baseB = await listen(b.app);
});
afterAll(async () => {
  for (const c of open) c.close();
  await a?.close();
  await b?.close();
  await database?.close();
});

const pushLag = async (t: TestContext) => {
  const text = await t.app.metrics.scrape();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 'NaN');
  return {
    count: value('matchday_live_push_lag_seconds_count'),
    sum: value('matchday_live_push_lag_seconds_sum'),
  };
};

describe('the push lag across instances', () => {
  it('runs from a rating taken on A to the socket written on B', async () => {
    const onB = await openLive(baseB, { cookie: live.admin.cookie });
    open.push(onB);
    await onB.next('connection_established');
    const before = await pushLag(b);
    const fan = await createFan(a);
    const player = live.starters[0];
    if (!player) throw new Error('no starter');
    const sent = Date.now();
    const res = await fan.api.post('/api/ratings', {
      userId: fan.user.id,
      playerId: player.id,
      matchId: live.match.id,
      rating: 7,
    });
    expect(res.status).toBe(200);
    await onB.next('leaderboard_update', (m) => m.data.totalRatings === 1);
    const elapsed = (Date.now() - sent) / 1000;
    const after = await pushLag(b);
    expect(after.count).toBe(before.count + 1);
    const lag = after.sum - before.sum;
    expect(lag).toBeGreaterThan(0);
    // Measured from the write, so never more than the time from the request to the message here.
    expect(lag).toBeLessThanOrEqual(elapsed + 0.05);
    // A had no socket in the audience: nothing was written there, so no lag is recorded.
    expect((await pushLag(a)).count).toBe(0);
  });

  it('claims carry the earliest write any instance marked', async () => {
    const connections = [new Redis(process.env.REDIS_URL ?? ''), new Redis(process.env.REDIS_URL ?? '')];
    try {
      const [one, two] = connections.map((r) => new RedisCoordinator(r, `${prefix}-c`, 100)) as [
        RedisCoordinator,
        RedisCoordinator,
      ];
      await one.mark('9', ['rating'], 2_000);
      await two.mark('9', ['vote'], 1_000);
      await one.mark('9', ['rating'], 3_000);
      const claim = await two.claim('9');
      expect(claim?.since).toBe(1_000);
      if (!claim) throw new Error('no claim');
      await two.release('9', claim);
      await new Promise((resolve) => setTimeout(resolve, 120));
      // The next claim starts afresh: a write marked without a time has none.
      await one.mark('9', ['rating']);
      const next = await one.claim('9');
      expect(next?.kinds).toEqual(['rating']);
      expect(next?.since).toBeUndefined();
    } finally {
      for (const r of connections) r.disconnect();
    }
  });
});
