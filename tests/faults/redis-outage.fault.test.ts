import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LiveClient } from '../server/live-client';
import { openLive, settle } from '../server/live-client';
import { type Instance, startInstance } from './support/instance';
import {
  apiFor,
  compare,
  type MatchDay,
  RatingFans,
  startMatchDay,
  storedRatings,
} from './support/match-day';
import {
  type PrivatePostgres,
  type PrivateRedis,
  startPostgres,
  startRedis,
  waitFor,
} from './support/services';

/**
 * Redis stopped under two instances (one private PostgreSQL, one private Redis): each keeps serving its
 * own sockets, says so once in its log, and fans out across instances again once Redis is back.
 */
let pg: PrivatePostgres;
let redis: PrivateRedis;
let a: Instance;
let b: Instance;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  a = await startInstance({ name: 'redis-a', databaseUrl: pg.url, redisUrl: redis.url });
  b = await startInstance({ name: 'redis-b', databaseUrl: pg.url, redisUrl: redis.url });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all([a?.remove(), b?.remove()]);
  await redis?.stop();
  await pg?.remove();
});

const LOST = 'Redis is unreachable';
const BACK = 'Redis is back';

async function socketOn(instance: Instance, cookie: string): Promise<LiveClient> {
  const socket = await openLive(instance.url.replace(/^http/, 'ws'), { cookie });
  await socket.next('connection_established');
  sockets.push(socket);
  return socket;
}

/** How many match_update messages of this match the socket has had. */
const updates = (socket: LiveClient, matchId: number) =>
  socket.of('match_update').filter((m) => m.data.matchId === matchId).length;

it('keeps each instance serving its own sockets while Redis is down, and fans out again once it is back', async () => {
  const day: MatchDay = await startMatchDay(a.url, 6);
  const { matchId } = day;
  const onA = await socketOn(a, day.adminCookie);
  const onB = await socketOn(b, day.adminCookie);
  const adminOnA = apiFor(a.url, 2);
  const patch = async (score: string) => {
    const answer = await adminOnA.send('PATCH', `/api/matches/${matchId}`, {
      cookie: day.adminCookie,
      body: { score },
    });
    expect(answer.status).toBe(200);
  };

  // Up: a change on A reaches the sockets of both instances.
  await patch('1-0');
  await onA.next('match_update', (m) => m.data.matchId === matchId);
  await onB.next('match_update', (m) => m.data.matchId === matchId);

  // Fans rate on both instances all through.
  const apis = [apiFor(a.url, 6), apiFor(b.url, 6)];
  const fans = new RatingFans(day, (i) => apis[i % 2] as (typeof apis)[number]);
  fans.start(150);

  await redis.stop('SIGKILL');
  await waitFor('both instances notice', () => a.logLines(LOST).length > 0 && b.logLines(LOST).length > 0);
  const seenOnB = updates(onB, matchId);
  const seenOnA = updates(onA, matchId);
  // Down: a change on A still reaches A's sockets, not B's (nothing carries it there).
  await patch('2-0');
  await onA.next('match_update', () => updates(onA, matchId) > seenOnA);
  // And A's fans' ratings still reach A's sockets as live figures.
  const board = onA.of('leaderboard_update').length;
  await onA.next('leaderboard_update', () => onA.of('leaderboard_update').length > board + 2, 10_000);
  await patch('3-0');
  await settle(1500);
  expect(updates(onB, matchId)).toBe(seenOnB);
  // A second or so of ratings and changes with Redis gone: still one line per instance.
  expect(a.logLines(LOST)).toHaveLength(1);
  expect(b.logLines(LOST)).toHaveLength(1);

  await redis.start();
  await waitFor(
    'both instances back',
    () => a.logLines(BACK).length > 0 && b.logLines(BACK).length > 0,
    20_000,
  );
  const beforeBack = updates(onB, matchId);
  await patch('4-0');
  await onB.next('match_update', () => updates(onB, matchId) > beforeBack);
  // A rating taken on A reaches B's socket again through Redis.
  const boardOnB = onB.of('leaderboard_update').length;
  await onB.next('leaderboard_update', () => onB.of('leaderboard_update').length > boardOnB + 1, 10_000);
  expect(a.logLines(LOST)).toHaveLength(1);
  expect(b.logLines(LOST)).toHaveLength(1);

  await fans.stop();
  await fans.drain();
  for (const api of [...apis, adminOnA]) api.close();
  const result = compare(fans.ledger, await storedRatings(pg.url, matchId));
  // What was tried and what was lost, for the run's log.
  console.warn(
    `redis outage: ${JSON.stringify({ statuses: fans.ledger.statuses, ...result, lost: result.lost.length })}`,
  );
  // Redis is not needed to take a rating: none was refused.
  expect(fans.ledger.statuses).toEqual({ 200: fans.ledger.statuses[200] });
  expect(result.lost).toEqual([]);
  expect(result.changed).toEqual([]);
  expect(result.duplicated).toEqual([]);
  expect(a.logLines('request failed')).toEqual([]);
  expect(b.logLines('request failed')).toEqual([]);
});
