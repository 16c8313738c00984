import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RATING_ERRORS } from '@shared/ratings';
import {
  SIMULATION_ERRORS,
  SIMULATION_LIMITS,
  type SimulationFans,
  type SimulationRatingRows,
  type SimulationSummary,
  type SimulationVoteRows,
} from '@shared/simulation';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createFan,
  type LiveMatch,
  rateAll,
  setupLiveMatch,
} from '../../../../tests/server/match-fixtures';
import { createTestContext, memoryMailer, type TestContext } from '../../../../tests/server/test-app';
import { createTestDatabase } from '../../../../tests/server/test-db';
import { buildApp } from '../../app';
import { rows } from '../../db/client';
import { ConfigError, loadEnv, parseEnv } from '../../env';
import { isLoopbackHost } from '../../lib/loopback';
import { SESSION_COOKIE } from '../../lib/sessions';

const ON = { SIMULATION: '1', HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:3000' } as const;

describe('configuration', () => {
  it('is off unless asked for', () => {
    expect(parseEnv({}).SIMULATION).toBe(false);
    expect(parseEnv({ SIMULATION: '0' }).SIMULATION).toBe(false);
    expect(parseEnv({ SIMULATION: '' }).SIMULATION).toBe(false);
    expect(parseEnv(ON).SIMULATION).toBe(true);
    expect(parseEnv({ ...ON, SIMULATION: 'true', PUBLIC_URL: 'http://localhost:3000' }).SIMULATION).toBe(
      true,
    );
    // No PUBLIC_URL: the default is http://localhost:PORT.
    expect(parseEnv({ SIMULATION: '1', HOST: '::1' }).SIMULATION).toBe(true);
  });

  it.each([
    ['a public PUBLIC_URL', { ...ON, PUBLIC_URL: 'https://ratings.example.com' }, /PUBLIC_URL/],
    ['a LAN PUBLIC_URL', { ...ON, PUBLIC_URL: 'http://192.168.1.20:3000' }, /PUBLIC_URL/],
    ['the default HOST (every interface)', { SIMULATION: '1', PUBLIC_URL: ON.PUBLIC_URL }, /HOST/],
    ['a public HOST', { ...ON, HOST: '10.0.0.5' }, /HOST/],
  ])('refuses to start with %s: one line naming SIMULATION', (_what, source, names) => {
    const run = () => loadEnv({ ...source, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'env-')) });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/^Invalid configuration: SIMULATION /);
    expect(run).toThrow(names);
  });

  it('stops the real server at start-up, with that one line and exit code 1', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'matchday-sim-'));
    try {
      const main = path.resolve(import.meta.dirname, '../../main.ts');
      const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
        env: {
          ...process.env,
          ...ON,
          PUBLIC_URL: 'https://ratings.example.com',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
        },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toMatch(/^Invalid configuration: SIMULATION .*PUBLIC_URL/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a value that is not a flag', () => {
    expect(() => parseEnv({ SIMULATION: 'yes' })).toThrow(
      /^Invalid configuration: SIMULATION must be 1 or 0/,
    );
  });

  it('knows loopback names and addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'app.localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', 'example.com', '128.0.0.1', 'localhost.example.com'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('the app itself refuses to build with an environment that slipped past parseEnv', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'matchday-sim-'));
    const database = await createTestDatabase();
    try {
      const env = { ...loadEnv({ DATA_DIR: dataDir, ...ON }), PUBLIC_URL: 'https://ratings.example.com' };
      await expect(
        buildApp({ env, database, mailer: memoryMailer([]), client: 'none' }).then((app) => app.ready()),
      ).rejects.toThrow(/PUBLIC_URL/);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('with SIMULATION off', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('has no simulation routes at all, even for an admin', async () => {
    const admin = await createFan(t, { isAdmin: true });
    const created = await admin.api.post('/api/simulation/fans', { prefix: 'sim', count: 1 });
    expect(created.status).toBe(404);
    expect((await admin.api.get('/api/simulation/matches/1/summary')).status).toBe(404);
    expect((await admin.api.get('/api/simulation/matches/1/ratings')).status).toBe(404);
    expect((await admin.api.get('/api/simulation/matches/1/votes')).status).toBe(404);
    const [{ n } = { n: -1 }] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where email like '%@simulation.invalid'`,
    );
    expect(n).toBe(0);
  });
});

describe('with SIMULATION on', () => {
  let t: TestContext;
  let live: LiveMatch;
  beforeAll(async () => {
    t = await createTestContext({ env: ON });
    live = await setupLiveMatch(t);
  });
  afterAll(() => t.close());

  const summaryUrl = () => `/api/simulation/matches/${live.match.id}/summary`;

  it('answers 401 signed out and 403 to a fan, creating nothing', async () => {
    const fan = await createFan(t);
    const body = { prefix: 'nope', count: 2 };
    expect((await client(t).post('/api/simulation/fans', body)).status).toBe(401);
    expect(await fan.api.post('/api/simulation/fans', body)).toEqual({
      status: 403,
      body: SIMULATION_ERRORS.adminOnly,
    });
    expect((await fan.api.get(summaryUrl())).status).toBe(403);
    expect((await fan.api.get(`/api/simulation/matches/${live.match.id}/ratings`)).status).toBe(403);
    expect((await fan.api.get(`/api/simulation/matches/${live.match.id}/votes`)).status).toBe(403);
    const [{ n } = { n: -1 }] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where email like 'nope-%'`,
    );
    expect(n).toBe(0);
  });

  it('signs up verified fans without consent whose sessions work like a login’s', async () => {
    const res = await live.admin.api.post<SimulationFans>('/api/simulation/fans', {
      prefix: 'sim-a',
      first: 10,
      count: 3,
    });
    expect(res.status).toBe(201);
    expect(res.body.fans.map((f) => f.email)).toEqual([
      'sim-a-10@simulation.invalid',
      'sim-a-11@simulation.invalid',
      'sim-a-12@simulation.invalid',
    ]);
    const [fan] = res.body.fans;
    if (!fan) throw new Error('no fan');
    const api = client(t, `${SESSION_COOKIE}=${fan.token}`);
    const me = await api.get<{ user: { id: string; consentGiven: boolean; isAdmin: boolean } }>(
      '/api/auth/me',
    );
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: fan.id, consentGiven: false, isAdmin: false });

    // Consent goes through the real route, as the simulator does.
    const player = live.available[0]?.id ?? 0;
    const rating = { userId: fan.id, playerId: player, matchId: live.match.id, rating: 7 };
    expect(await api.post('/api/ratings', rating)).toEqual({
      status: 403,
      body: RATING_ERRORS.consentRequired,
    });
    expect((await api.patch(`/api/user/${fan.id}/consent`, { consentGiven: true })).status).toBe(200);
    expect((await api.post('/api/ratings', rating)).status).toBe(200);
  });

  it('refuses numbers already used, leaving nothing half-made, and refuses bad bodies', async () => {
    const before = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where email like 'sim-b-%'`,
    );
    expect(before[0]?.n).toBe(0);
    const first = await live.admin.api.post('/api/simulation/fans', { prefix: 'sim-b', count: 2 });
    expect(first.status).toBe(201);
    // Overlaps sim-b-1: the whole call is refused, sim-b-2 is not created.
    const again = await live.admin.api.post('/api/simulation/fans', { prefix: 'sim-b', first: 1, count: 2 });
    expect(again).toEqual({
      status: 409,
      body: SIMULATION_ERRORS.prefixTaken,
    });
    const after = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where email like 'sim-b-%'`,
    );
    expect(after[0]?.n).toBe(2);

    const tooMany = { prefix: 'sim-c', count: SIMULATION_LIMITS.maxFansPerCall + 1 };
    expect((await live.admin.api.post('/api/simulation/fans', tooMany)).status).toBe(400);
    expect(
      (await live.admin.api.post('/api/simulation/fans', { prefix: 'Bad Prefix', count: 1 })).status,
    ).toBe(400);
    expect((await live.admin.api.post('/api/simulation/fans', { prefix: 'sim-c', count: 0 })).status).toBe(
      400,
    );
  });

  it('reads back the stored ratings and votes of a match, row by row, in pages', async () => {
    const base = (await live.admin.api.get<SimulationSummary>(summaryUrl())).body;
    const voter = await createFan(t);
    await rateAll(voter.api, voter.user.id, live, (p) => (p.id % 10) + 1);
    // A changed rating replaces the row: still one per pair.
    const changed = live.available[1]?.id ?? 0;
    await voter.api.post('/api/ratings', {
      userId: voter.user.id,
      playerId: changed,
      matchId: live.match.id,
      rating: 2,
    });
    const motm = live.starters[0]?.id ?? 0;
    const vote = await voter.api.post('/api/user-votes', {
      userId: voter.user.id,
      matchId: live.match.id,
      motmPlayerId: motm,
      isComplete: true,
    });
    expect(vote.status).toBe(201);

    const summary = await live.admin.api.get<SimulationSummary>(summaryUrl());
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      matchId: live.match.id,
      ratings: base.ratings + live.available.length,
      ratingPairs: base.ratingPairs + live.available.length,
      votes: base.votes + 1,
      voters: base.voters + 1,
    });

    const collected: SimulationRatingRows['rows'] = [];
    for (let afterId = 0; ; ) {
      const page = await live.admin.api.get<SimulationRatingRows>(
        `/api/simulation/matches/${live.match.id}/ratings?afterId=${afterId}&limit=5`,
      );
      expect(page.status).toBe(200);
      expect(page.body.rows.length).toBeLessThanOrEqual(5);
      if (page.body.rows.length === 0) break;
      collected.push(...page.body.rows);
      afterId = page.body.rows.at(-1)?.id ?? afterId;
    }
    expect(collected).toHaveLength(summary.body.ratings);
    const mine = new Map(
      collected.filter((r) => r.userId === voter.user.id).map((r) => [r.playerId, r.rating]),
    );
    expect(mine.size).toBe(live.available.length);
    for (const p of live.available)
      expect(mine.get(p.id), p.name).toBe(p.id === changed ? 2 : (p.id % 10) + 1);

    const votes = await live.admin.api.get<SimulationVoteRows>(
      `/api/simulation/matches/${live.match.id}/votes`,
    );
    expect(votes.status).toBe(200);
    expect(votes.body.rows.filter((v) => v.userId === voter.user.id).map((v) => v.motmPlayerId)).toEqual([
      motm,
    ]);
  });

  it('answers 404 for an unknown match and 400 for a bad page', async () => {
    expect((await live.admin.api.get('/api/simulation/matches/999999/summary')).status).toBe(404);
    expect((await live.admin.api.get('/api/simulation/matches/999999/ratings')).status).toBe(404);
    const tooBig = `/api/simulation/matches/${live.match.id}/ratings?limit=${SIMULATION_LIMITS.maxRowsPerPage + 1}`;
    expect((await live.admin.api.get(tooBig)).status).toBe(400);
  });

  it('says loudly in the log that it is on', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'matchday-sim-'));
    const database = await createTestDatabase();
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    try {
      const app = await buildApp({
        env: loadEnv({ DATA_DIR: dataDir, ...ON }),
        database,
        logger,
        mailer: memoryMailer([]),
        client: 'none',
      });
      await app.ready();
      await app.close();
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    const warning = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((l) => /SIMULATION is on/.test(l.msg));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toMatch(/never in production/);
  });
});
