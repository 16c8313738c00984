import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Instance, startInstance } from './support/instance';
import {
  apiFor,
  compare,
  type MatchDay,
  RatingFans,
  startMatchDay,
  storedRatings,
} from './support/match-day';
import { type PrivatePostgres, startPostgres, waitFor } from './support/services';

/**
 * PostgreSQL stopped and started again under a match day: one server process on a private cluster, fans
 * rating all along and keeping what was refused, as the page's offline queue does.
 */
let pg: PrivatePostgres;
let server: Instance;

beforeAll(async () => {
  pg = await startPostgres();
  server = await startInstance({ name: 'pg-outage', databaseUrl: pg.url });
});
afterAll(async () => {
  await server?.remove();
  await pg?.remove();
});

/** SQL through the cluster's unix socket, as the postgres superuser. */
function psql(socketDir: string, port: number, statement: string): string {
  return execFileSync(
    '/usr/lib/postgresql/15/bin/psql',
    ['-h', socketDir, '-p', String(port), '-U', 'postgres', '-d', 'matchday', '-Atc', statement],
    { stdio: 'pipe' },
  ).toString();
}

it('answers 503 while PostgreSQL is down, reconnects by itself, and keeps every acknowledged rating once', async () => {
  const day: MatchDay = await startMatchDay(server.url, 9);
  // The last fan does not rate: their account is deleted in SQL during the outage.
  const doomed = day.fans.pop();
  if (!doomed) throw new Error('no fans');
  const api = apiFor(server.url, 10);
  const fans = new RatingFans(day, () => api);
  const get = (path: string, cookie?: string) => api.send('GET', path, cookie ? { cookie } : {});

  // The doomed fan's session and the current match are now in the server's caches.
  expect((await get('/api/matches/current', doomed.cookie)).status).toBe(200);

  fans.start(120);
  await waitFor('ratings before the outage', () => fans.ledger.acks >= 30);
  const before = fans.ledger.acks;

  await pg.stop();
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(503);
  expect(await health.json()).toMatchObject({ status: 'unavailable' });
  // A rating refused at once with a clear 503, not a hang or a 500.
  const fan = day.fans[0];
  if (!fan) throw new Error('no fan');
  const refused = await api.send('POST', '/api/ratings', {
    cookie: fan.cookie,
    body: { userId: fan.id, playerId: day.players[0], matchId: day.matchId, rating: 5 },
  });
  expect(refused.status).toBe(503);
  expect(JSON.parse(refused.body.toString())).toEqual({
    message: 'Service temporarily unavailable. Please try again shortly.',
    code: 'server.unavailable',
  });
  await waitFor('ratings refused during the outage', () => (fans.ledger.statuses[503] ?? 0) >= 20);

  // Back for local connections only: the server still cannot reach it while these changes are made.
  const socketDir = pg.socketDir;
  await pg.start({ unixOnly: true });
  expect(psql(socketDir, pg.port, `delete from users where id = '${doomed.id}'`)).toMatch(/DELETE 1/);
  psql(socketDir, pg.port, `update matches set opponent = 'Changed In SQL' where id = ${day.matchId}`);
  expect((await fetch(`${server.url}/api/health`)).status).toBe(503);
  await pg.stop();
  await pg.start();

  await waitFor('health back', async () => (await fetch(`${server.url}/api/health`)).status === 200);
  // The change feed listens again (its connection retries on its own, a moment after the pool's) and
  // drops its caches: the deleted account's cached session no longer opens a call that reads no user
  // row (the session cache would otherwise keep it for a minute), and the match shows its new opponent.
  // (The pool may be back a moment before the listener: each is awaited, not assumed.)
  await waitFor(
    'deleted fan signed out',
    // A route for the signed-in only: the current match answers anyone.
    async () => (await get('/api/matches', doomed.cookie)).status === 401,
    15_000,
  );
  await waitFor(
    'the match renamed in SQL shown',
    async () =>
      JSON.parse((await get('/api/matches/current', fan.cookie)).body.toString()).opponent ===
      'Changed In SQL',
    15_000,
  );
  const current = await get('/api/matches/current', fan.cookie);
  expect(JSON.parse(current.body.toString())).toMatchObject({ id: day.matchId, opponent: 'Changed In SQL' });

  const during = fans.ledger.acks;
  await waitFor('ratings after the outage', () => fans.ledger.acks >= during + 20);
  await fans.stop();
  await fans.drain();
  api.close();

  const result = compare(fans.ledger, await storedRatings(pg.url, day.matchId));
  // What was tried and what was lost, for the run's log.
  console.warn(
    `postgres outage: ${JSON.stringify({ before, statuses: fans.ledger.statuses, ...result, lost: result.lost.length })}`,
  );
  expect(fans.ledger.unexpected([503])).toEqual({});
  expect(result.lost).toEqual([]);
  expect(result.changed).toEqual([]);
  expect(result.duplicated).toEqual([]);
  expect(result.unknown).toBe(0);
  expect(result.stored).toBe(result.acknowledged);
  expect(server.logLines('request failed')).toEqual([]);
});
