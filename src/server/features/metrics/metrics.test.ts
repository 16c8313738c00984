import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveClient, listen, openLive } from '../../../../tests/server/live-client';
import { createFan, type LiveMatch, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, memoryMailer, type TestContext } from '../../../../tests/server/test-app';
import { TEST_DB_KIND } from '../../../../tests/server/test-db';
import { buildApp } from '../../app';
import type { DbHandle } from '../../db/client';
import { ConfigError, parseEnv, resolveEnv } from '../../env';
import { rejectionReason } from '../../lib/metrics';
import { type OpsServer, startOpsServer } from '../../lib/ops-server';
import { Readiness } from '../../lib/readiness';

const TOKEN = 'scrape-token-0123456789-abcdefghij';
const ROOT = path.resolve(import.meta.dirname, '../../../..');
/** The dashboard's data source, filled in by Grafana's import from its DS_PROMETHEUS input. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's placeholder, not a template.
const DS_UID = '${DS_PROMETHEUS}';

let t: TestContext;
let live: LiveMatch;
let base: string;
const sockets: LiveClient[] = [];
const extraApps: FastifyInstance[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  t = await createTestContext({ env: { METRICS_TOKEN: TOKEN }, live: { intervalMs: 100 } });
  live = await setupLiveMatch(t);
  base = await listen(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const app of extraApps) await app.close();
  await t.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Another app on the same database, built as main.ts builds it (a readiness of its own, if given). */
async function anotherApp(
  options: { database?: DbHandle; readiness?: Readiness; token?: string; logger?: FastifyBaseLogger } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matchday-metrics-'));
  dataDirs.push(dataDir);
  const env = resolveEnv(
    parseEnv({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      PUBLIC_URL: 'http://matchday.test',
      NODE_ENV: 'test',
      ...(options.token ? { METRICS_TOKEN: options.token } : {}),
      ...(options.logger ? { LOG_REQUESTS: 'true' } : {}),
    }),
  );
  const app = await buildApp({
    env,
    database: options.database ?? t.database,
    mailer: memoryMailer([]),
    client: 'none',
    push: { autoStart: false },
    ...(options.readiness ? { readiness: options.readiness } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  extraApps.push(app);
  return app;
}

const scrapeOf = async (app: FastifyInstance, authorization = `Bearer ${TOKEN}`) =>
  app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });

async function scrape(): Promise<string> {
  const res = await scrapeOf(t.app);
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of the series `name` whose labels include `labels`, or undefined if there is none. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** Every name a scrape can show: each metric, and a histogram's _bucket, _count and _sum series. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (!name) continue;
    names.add(name);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${name}${suffix}`);
  }
  return names;
}

async function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

describe('the scrape during a match', () => {
  it('counts ratings, votes, refusals, sockets, pushes, ticks, queries and sign-ins', async () => {
    const before = await scrape();
    const adminSocket = await openLive(base, { cookie: live.admin.cookie });
    sockets.push(adminSocket);
    await adminSocket.next('connection_established');

    // Sign-ins: one right, one wrong, and an account locked out after its failures.
    const signedIn = await createFan(t);
    expect((await login(signedIn.user.email, signedIn.password)).statusCode).toBe(200);
    expect((await login(signedIn.user.email, 'not the password')).statusCode).toBe(401);
    const victim = await createFan(t);
    let last = 0;
    for (let i = 0; i < 11; i += 1) last = (await login(victim.user.email, `guess ${i}`)).statusCode;
    expect(last).toBe(429);

    // Three fans: two rate every player and vote, the third rates one player.
    const fans = [await createFan(t), await createFan(t), await createFan(t)];
    const [first, second, third] = fans as [(typeof fans)[0], (typeof fans)[0], (typeof fans)[0]];
    await voteAll(first, live, 8);
    await voteAll(second, live, 6);
    const player = live.starters[1];
    if (!player) throw new Error('no starter');
    const rated = await third.api.post('/api/ratings', {
      userId: third.user.id,
      playerId: player.id,
      matchId: live.match.id,
      rating: 9,
    });
    expect(rated.status).toBe(200);
    // A write the server refuses: a rating after the fan's final vote.
    const refused = await first.api.post<{ code: string }>('/api/ratings', {
      userId: first.user.id,
      playerId: player.id,
      matchId: live.match.id,
      rating: 3,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('rating.alreadyVoted');
    // The admin's socket hears the figures of the last rating.
    await adminSocket.next(
      'leaderboard_update',
      (m) => m.data.totalRatings === 2 * live.available.length + 1,
    );

    const text = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      (seriesValue(text, name, labels) ?? 0) - (seriesValue(before, name, labels) ?? 0);
    expect(moved('matchday_ratings_saved_total')).toBe(2 * live.available.length + 1);
    expect(moved('matchday_final_votes_saved_total')).toBe(2);
    expect(
      moved('matchday_rejected_writes_total', { route: '/api/ratings', reason: 'rating.alreadyVoted' }),
    ).toBe(1);
    // Ten wrong guesses and one wrong password are refused writes too, under their own code.
    expect(
      moved('matchday_rejected_writes_total', {
        route: '/api/auth/login',
        reason: 'auth.invalidCredentials',
      }),
    ).toBe(11);
    expect(seriesValue(text, 'matchday_live_sockets_open')).toBe(1);
    expect(seriesValue(text, 'matchday_live_push_lag_seconds_count')).toBeGreaterThan(0);
    expect(seriesValue(text, 'matchday_leaderboard_tick_seconds_count')).toBeGreaterThan(0);
    // A push lag is at least the time from a write to its socket, and well under the coalescing bound here.
    const lagSum = seriesValue(text, 'matchday_live_push_lag_seconds_sum') ?? 0;
    const lagCount = seriesValue(text, 'matchday_live_push_lag_seconds_count') ?? 1;
    expect(lagSum / lagCount).toBeGreaterThan(0);
    expect(lagSum / lagCount).toBeLessThan(5);

    expect(moved('matchday_db_query_duration_seconds_count', { kind: 'statement' })).toBeGreaterThan(30);
    // Each sign-in counts its attempt in a transaction.
    expect(moved('matchday_db_query_duration_seconds_count', { kind: 'transaction' })).toBeGreaterThan(0);
    expect(seriesValue(text, 'matchday_db_pool_size')).toBe(TEST_DB_KIND === 'postgres' ? 20 : 1);
    expect(seriesValue(text, 'matchday_db_queries_in_flight')).toBeGreaterThanOrEqual(0);

    expect(moved('matchday_logins_total', { method: 'password', result: 'ok' })).toBe(1);
    expect(moved('matchday_logins_total', { method: 'password', result: 'failed' })).toBe(11);
    expect(moved('matchday_logins_total', { method: 'password', result: 'limited' })).toBe(1);
    expect(moved('matchday_sign_in_duration_seconds_count', { method: 'password', result: 'failed' })).toBe(
      11,
    );
    expect(seriesValue(text, 'matchday_password_hash_running')).toBe(0);
    expect(seriesValue(text, 'matchday_password_hash_waiting')).toBe(0);

    expect(
      moved('matchday_http_request_duration_seconds_count', {
        route: '/api/ratings',
        method: 'POST',
        status_class: '2xx',
      }),
    ).toBe(2 * live.available.length + 1);
    // The process's own figures, event-loop lag among them.
    expect(seriesValue(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    // Nothing personal or secret: labels are route patterns, codes and statuses.
    for (const secret of [
      TOKEN,
      ...[...fans, signedIn, victim, live.admin].flatMap((f) => [f.user.email, f.token]),
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toContain('@');
    expect(text).not.toContain(live.admin.user.id);
    expect(text).not.toMatch(/route="\/api\/[^"]*\/[0-9a-f-]{8,}/);
  });

  it('counts a write to an unknown path under one label, whatever the path', async () => {
    const before = await scrape();
    for (const url of ['/api/nope/1', '/api/nope/2', '/no/such/thing'])
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(404);
    const text = await scrape();
    const labels = { route: 'unmatched', reason: 'request.notFound' };
    expect(
      (seriesValue(text, 'matchday_rejected_writes_total', labels) ?? 0) -
        (seriesValue(before, 'matchday_rejected_writes_total', labels) ?? 0),
    ).toBe(3);
    expect(text).not.toContain('/api/nope');
  });

  it('labels a refusal with its known code, else its status', () => {
    expect(rejectionReason('{"message":"Not found","code":"request.notFound"}', 404)).toBe(
      'request.notFound',
    );
    expect(rejectionReason('{"message":"x","code":"whatever the body says"}', 400)).toBe('400');
    expect(rejectionReason('<html>Bad gateway</html>', 502)).toBe('502');
    expect(rejectionReason(Buffer.from('{}'), 413)).toBe('413');
  });

  it('reads the queue depths from the database at scrape time', async () => {
    await t.db.execute(sql`insert into newsletter_queue (email) values ('queued@example.com')`);
    const text = await scrape();
    expect(seriesValue(text, 'matchday_newsletter_queue_pending')).toBe(1);
    expect(seriesValue(text, 'matchday_push_jobs_pending')).toBe(0);
    expect(seriesValue(text, 'matchday_push_subscriptions_pending')).toBe(0);
  });
});

describe('GET /metrics on the public port', () => {
  const notFound = { message: 'Route GET /metrics not found', code: 'request.notFound' };

  it('answers as an unknown path without the token, with a wrong one or another scheme', async () => {
    for (const authorization of [
      '',
      'Bearer ',
      'Bearer wrong-token-wrong-token-wrong',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`,
      `Bearer ${live.admin.token}`,
    ]) {
      const res = await scrapeOf(t.app, authorization);
      expect(res.statusCode, authorization).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { cookie: live.admin.cookie } })).json(),
    ).toEqual(notFound);
  });

  it('serves the text format with the token', async () => {
    const res = await scrapeOf(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE matchday_ratings_saved_total counter');
    expect((await scrapeOf(t.app, `bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('never writes the token to the log, even with every request logged', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const app = await anotherApp({ token: TOKEN, logger });
    expect((await scrapeOf(app)).statusCode).toBe(200);
    expect((await scrapeOf(app, `Bearer ${TOKEN.slice(1)}`)).statusCode).toBe(404);
    const log = lines.join('');
    expect(log).toContain('/metrics');
    expect(log).not.toContain(TOKEN.slice(1));
  });

  it('takes a token of 24 characters or more, and never echoes a bad one', () => {
    expect(parseEnv({ METRICS_TOKEN: 'x'.repeat(24) }).METRICS_TOKEN).toBe('x'.repeat(24));
    expect(() => parseEnv({ METRICS_TOKEN: 'short-secret' })).toThrow(ConfigError);
    expect(() => parseEnv({ METRICS_TOKEN: 'short-secret' })).toThrow(/^((?!short-secret).)*$/);
    expect(parseEnv({}).METRICS_HOST).toBe('127.0.0.1');
    expect(() => parseEnv({ PORT: '4000', METRICS_PORT: '4000' })).toThrow(/METRICS_PORT/);
  });

  it('is not served at all without METRICS_TOKEN, whatever is sent', async () => {
    const app = await anotherApp();
    const res = await scrapeOf(app);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
  });
});

describe('readiness', () => {
  it('answers ready while the database answers, then draining once shutdown begins', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');

    const readiness = new Readiness('ready');
    const app = await anotherApp({ readiness });
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    readiness.drain();
    const draining = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining', message: 'Shutting down' });
    expect(draining.headers['cache-control']).toBe('no-store');
    // Draining is final.
    readiness.set('ready');
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    // Liveness is another question: the process still answers.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers unavailable when the database does not answer its ping', async () => {
    const failing: DbHandle = {
      ...t.database,
      ping: async () => {
        throw new Error('database down');
      },
    };
    const app = await anotherApp({ database: failing });
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', message: 'Database unreachable' });
  });
});

describe('the operations listener', () => {
  let ops: OpsServer;
  const readiness = new Readiness();
  const get = async (url: string) => {
    const res = await fetch(`http://127.0.0.1:${ops.port}${url}`);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  beforeAll(async () => {
    ops = await startOpsServer({ port: 0, host: '127.0.0.1', readiness });
  });
  afterAll(() => ops.close());

  it('says live at once, not ready while starting and migrating, then ready and serves /metrics without a token', async () => {
    expect(await get('/live')).toMatchObject({ status: 200, text: '{"status":"ok"}' });
    expect(await get('/ready')).toMatchObject({ status: 503 });
    expect(JSON.parse((await get('/ready')).text)).toMatchObject({ status: 'starting' });
    readiness.set('migrating');
    const migrating = await get('/ready');
    expect(migrating.status).toBe(503);
    expect(JSON.parse(migrating.text)).toEqual({ status: 'migrating', message: 'Migrating the database' });
    expect((await get('/live')).status).toBe(200);
    expect((await get('/metrics')).status).toBe(503);

    // The app built with this readiness (as main.ts does): not ready on its public port either.
    readiness.set('starting');
    const app = await anotherApp({ readiness });
    ops.attach(app.metrics);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({
      status: 'unavailable',
      message: 'Starting up',
    });
    readiness.set('ready');
    expect(await get('/ready')).toMatchObject({ status: 200, text: '{"status":"ready"}' });
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toMatch(/^text\/plain/);
    expect(metrics.text).toContain('# TYPE matchday_ratings_saved_total counter');
    expect((await get('/elsewhere')).status).toBe(404);

    readiness.drain();
    expect(JSON.parse((await get('/ready')).text)).toEqual({ status: 'draining', message: 'Shutting down' });
  });
});

describe('the Grafana dashboard', () => {
  it('is valid JSON whose every expression names metrics the server exports', async () => {
    const file = path.join(ROOT, 'deploy/grafana/matchday-dashboard.json');
    const dashboard = JSON.parse(readFileSync(file, 'utf8')) as {
      title: string;
      schemaVersion: number;
      __inputs: { name: string; pluginId: string }[];
      panels: { title: string; targets?: { expr: string }[]; datasource?: { uid: string } }[];
    };
    expect(dashboard.title).toBe('Matchday — match day');
    expect(dashboard.schemaVersion).toBe(39);
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({ name: 'DS_PROMETHEUS', pluginId: 'prometheus' }),
    ]);
    const exported = exportedNames(await scrape());
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((target) => target.expr));
    expect(exprs.length).toBeGreaterThan(15);
    const used = new Set(
      exprs.flatMap((expr) => expr.match(/\b(?:matchday|nodejs|process)_[a-z0-9_]+/g) ?? []),
    );
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
    for (const panel of dashboard.panels.filter((p) => p.targets))
      expect(panel.datasource?.uid, panel.title).toBe(DS_UID);
  });
});

describe('with the database gone', () => {
  it('still answers the scrape, the queue gauges keeping their last value', async () => {
    // The other apps on this database go first: only the scraped one is left to notice.
    for (const app of extraApps.splice(0)) await app.close();
    await t.database.close();
    const res = await scrapeOf(t.app);
    expect(res.statusCode).toBe(200);
    expect(seriesValue(res.body, 'matchday_newsletter_queue_pending')).toBe(1);
    expect(seriesValue(res.body, 'matchday_push_jobs_pending')).toBe(0);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', message: 'Database unreachable' });
  });
});
