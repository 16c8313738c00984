import { Agent, createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { Writable } from 'node:stream';
import { endpoint } from '@shared/endpoint';
import { resultsApi } from '@shared/match-day';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createFan,
  type LiveMatch,
  rateAll,
  setupLiveMatch,
  voteAll,
} from '../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../tests/server/test-app';
import { sessions, type UserRow } from '../db/schema';
import { ChangeFeed } from '../lib/change-feed';
import { LOG_OPTIONS } from '../lib/log-redaction';
import { Metrics } from '../lib/metrics';
import { Readiness } from '../lib/readiness';
import { route } from '../lib/route';
import { SessionCache } from '../lib/session-cache';
import { SESSION_COOKIE } from '../lib/sessions';
import { hashToken, randomToken } from '../lib/tokens';
import { signedIn } from './auth';
import { AheadOfRouter, fastReadsPlugin } from './fast-reads';

interface Answer {
  status: number;
  body: string;
  /** Lower-case names, without those that differ per answer or connection. */
  headers: Record<string, string>;
}

/** Date and connection handling differ per answer and connection, not per path. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive']);

/** The app on a real port: the fast reads sit ahead of Fastify's handler, where inject() never passes. */
async function listening(t: TestContext) {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(address);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const call = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const kept: Record<string, string> = {};
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = (res.rawHeaders[i] ?? '').toLowerCase();
            if (!PER_CONNECTION.has(name)) kept[name] = res.rawHeaders[i + 1] ?? '';
          }
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: kept,
          });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  return { call, close: () => agent.destroy() };
}

/**
 * Every route that declares a fast read, with a path to ask it by: each `:param` filled from `values`.
 * A declared route whose parameter this test has no value for fails the test, so none goes unchecked.
 */
function declaredReads(app: FastifyInstance, values: Record<string, string | number>) {
  const declared = app.registeredRoutes.filter((r) => r.method === 'GET' && r.config?.fastRead);
  return declared.map((route) => ({
    pattern: route.url,
    path: route.url.replace(/:(\w+)/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`${route.url}: no value for :${name} in this test`);
      return String(value);
    }),
    headers: Object.keys(route.config?.fastRead?.headers ?? {}),
    prefix: route.url.includes(':') ? route.url.slice(0, route.url.lastIndexOf('/') + 1) : null,
  }));
}

/** Answers the fast reads gave so far, all routes together. */
async function fastAnswers(app: FastifyInstance): Promise<number> {
  return (await app.metrics.fastReads.get()).values.reduce((sum, v) => sum + v.value, 0);
}

/** How many answers of a route pattern with a 2xx status the HTTP histogram holds. */
async function observed(app: FastifyInstance, pattern: string): Promise<number> {
  const values = (await app.metrics.httpDuration.get()).values;
  const count = values.find(
    (v) =>
      v.metricName === 'matchday_http_request_duration_seconds_count' &&
      v.labels.route === pattern &&
      v.labels.method === 'GET' &&
      v.labels.status_class === '2xx',
  );
  return count?.value ?? 0;
}

type Caller = Awaited<ReturnType<typeof listening>>['call'];

/**
 * Asks until the fast reads answer (the first asks fill the caches through the route), then once more:
 * that last answer is the fast one. Fails if the fast reads never answer.
 */
async function fastAnswer(app: FastifyInstance, call: Caller, path: string, headers: Record<string, string>) {
  for (let tries = 0; tries < 5; tries++) {
    const before = await fastAnswers(app);
    const answer = await call(path, headers);
    if ((await fastAnswers(app)) === before + 1) return answer;
  }
  throw new Error(`${path}: never answered by the fast reads`);
}

describe('fast reads', () => {
  let t: TestContext;
  /**
   * The same product on the same database with the fast reads off: the routes' answers, the reference.
   * It recomputes results at every read, so the writes made through `t` are in its answers at once.
   */
  let reference: TestContext;
  let live: LiveMatch;
  let fan: Awaited<ReturnType<typeof createFan>>;
  let onT: Awaited<ReturnType<typeof listening>>;
  let onReference: Awaited<ReturnType<typeof listening>>;
  let reads: ReturnType<typeof declaredReads>;

  beforeAll(async () => {
    t = await createTestContext();
    reference = await createTestContext({
      database: t.database,
      fastReads: false,
      snapshots: { minIntervalMs: 0, maxAgeMs: 0 },
    });
    live = await setupLiveMatch(t);
    fan = await createFan(t);
    await voteAll(fan, live, 8);
    const other = await createFan(t);
    await rateAll(other.api, other.user.id, live, 5);
    onT = await listening(t);
    onReference = await listening(reference);
    reads = declaredReads(t.app, { matchId: live.match.id });
  });
  afterAll(async () => {
    onT.close();
    onReference.close();
    await reference.close();
    await t.close();
  });

  it("are declared by the three hot reads of a fan's page", () => {
    expect(reads.map((r) => r.pattern).sort()).toEqual([
      '/api/leaderboard/match/:matchId',
      '/api/players/available-for-rating',
      '/api/stats/match/:matchId',
    ]);
  });

  it("answer each declared read with the route's status, body and headers", async () => {
    for (const { path, headers } of reads) {
      const expected = await onReference.call(path, { cookie: fan.cookie });
      expect(expected.status, path).toBe(200);
      const fast = await fastAnswer(t.app, onT.call, path, { cookie: fan.cookie });
      expect(fast, path).toEqual(expected);
      // The header set the routes send, named here so a change to either side shows.
      expect(Object.keys(fast.headers).sort(), path).toEqual(
        [
          ...new Set([...headers, 'cache-control']),
          'content-length',
          'content-security-policy',
          'content-type',
          'cross-origin-opener-policy',
          'referrer-policy',
          'x-content-type-options',
          'x-frame-options',
        ].sort(),
      );
      // A fan's answer is kept by no shared cache, on this path as on the router's, unless its route says.
      if (!headers.includes('cache-control'))
        expect(fast.headers['cache-control'], path).toBe('private, no-store');
    }
  });

  it('read the token as the routes do: a bearer token, or the session cookie among others', async () => {
    for (const { path } of reads) {
      const expected = await onReference.call(path, { cookie: fan.cookie });
      expect(await fastAnswer(t.app, onT.call, path, { authorization: `Bearer ${fan.token}` })).toEqual(
        expected,
      );
      const cookie = `theme=dark; ${SESSION_COOKIE}=${fan.token}; other="quoted value"`;
      expect(await fastAnswer(t.app, onT.call, path, { cookie })).toEqual(expected);
      // Odd cookie headers: whatever the route makes of them, so do the fast reads.
      for (const odd of [
        `${SESSION_COOKIE}=${randomToken()}; ${SESSION_COOKIE}=${fan.token}`,
        `${SESSION_COOKIE}=${fan.token}; ${SESSION_COOKIE}=${randomToken()}`,
        `${SESSION_COOKIE}="${fan.token}"`,
        ` ${SESSION_COOKIE} = ${fan.token} `,
        `${SESSION_COOKIE}=${fan.token}%00`,
      ])
        for (let i = 0; i < 3; i++)
          expect(await onT.call(path, { cookie: odd }), odd).toEqual(
            await onReference.call(path, { cookie: odd }),
          );
    }
  });

  it("feed the HTTP histogram under the route's pattern, and their own counter", async () => {
    for (const { pattern, path } of reads) {
      await fastAnswer(t.app, onT.call, path, { cookie: fan.cookie });
      const before = await observed(t.app, pattern);
      const counted = await fastAnswers(t.app);
      await onT.call(path, { cookie: fan.cookie });
      expect(await fastAnswers(t.app), path).toBe(counted + 1);
      // Observed once the answer has finished, which may be just after the client has it.
      await expect.poll(() => observed(t.app, pattern)).toBe(before + 1);
    }
  });

  it('time answers queued behind another (pipelined) once the socket has them, each once', async () => {
    const { pattern, path } = reads[0] ?? { pattern: '', path: '' };
    const expected = await onReference.call(path, { cookie: fan.cookie });
    await fastAnswer(t.app, onT.call, path, { cookie: fan.cookie });
    const before = { observed: await observed(t.app, pattern), counted: await fastAnswers(t.app) };
    // Three requests in one write: the second and third answers wait behind the first one's socket, so they
    // are timed on 'finish' rather than at once.
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    const ask = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${fan.cookie}\r\n\r\n`;
    socket.write(ask.repeat(3));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const received = () => Buffer.concat(chunks).toString('utf8');
    try {
      await expect.poll(() => received().split(expected.body).length - 1).toBe(3);
    } finally {
      socket.destroy();
    }
    expect(received().split('HTTP/1.1 200 OK\r\n')).toHaveLength(4);
    expect(await fastAnswers(t.app)).toBe(before.counted + 3);
    await expect.poll(() => observed(t.app, pattern)).toBe(before.observed + 3);
  });

  it('leave a missing, unknown, expired or oversized token to the routes: 401', async () => {
    const expired = randomToken();
    await t.db.insert(sessions).values({
      tokenHash: hashToken(expired),
      userId: fan.user.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const asks: Array<Record<string, string>> = [
      {},
      { cookie: `${SESSION_COOKIE}=${randomToken()}` },
      { cookie: `${SESSION_COOKIE}=${expired}` },
      { cookie: `${SESSION_COOKIE}=${'a'.repeat(201)}` },
      { authorization: `Bearer ${randomToken()}` },
      { cookie: `${SESSION_COOKIE}=` },
    ];
    for (const { path } of reads)
      for (const headers of asks) {
        const before = await fastAnswers(t.app);
        for (let i = 0; i < 2; i++) {
          const answer = await onT.call(path, headers);
          expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
          expect(answer).toEqual(await onReference.call(path, headers));
        }
        expect(await fastAnswers(t.app)).toBe(before);
      }
  });

  it('leave the leaderboard of a fan who has not voted to the route: 403, however often asked', async () => {
    const rater = await createFan(t);
    await rateAll(rater.api, rater.user.id, live, 6);
    const path = `/api/leaderboard/match/${live.match.id}`;
    const before = await fastAnswers(t.app);
    for (let i = 0; i < 3; i++) {
      const answer = await onT.call(path, { cookie: rater.cookie });
      expect(answer.status).toBe(403);
      expect(answer).toEqual(await onReference.call(path, { cookie: rater.cookie }));
    }
    expect(await fastAnswers(t.app)).toBe(before);
    // Their match stats are no secret: those are answered fast.
    await fastAnswer(t.app, onT.call, `/api/stats/match/${live.match.id}`, { cookie: rater.cookie });
  });

  it('leave unknown matches and bad ids to the routes: 404 and 400', async () => {
    const before = await fastAnswers(t.app);
    const prefixes = reads.flatMap((r) => (r.prefix ? [r.prefix] : []));
    expect(prefixes.length).toBeGreaterThan(0);
    for (const prefix of prefixes) {
      for (const [id, status] of [
        [String(live.match.id + 1000), 404],
        ['0', 400],
        ['-1', 400],
        ['abc', 400],
        ['2147483648', 400],
        ['99999999999999999999', 400],
      ] as const) {
        for (let i = 0; i < 2; i++) {
          const answer = await onT.call(`${prefix}${id}`, { cookie: fan.cookie });
          expect(answer.status, `${prefix}${id}`).toBe(status);
          expect(answer).toEqual(await onReference.call(`${prefix}${id}`, { cookie: fan.cookie }));
        }
      }
    }
    expect(await fastAnswers(t.app)).toBe(before);
    // Encoded or decorated ids: the router may read them otherwise than as written; the route answers.
    for (const prefix of prefixes)
      for (const odd of [
        `${live.match.id}%20`,
        `%3${live.match.id}`,
        `+${live.match.id}`,
        `${live.match.id};x`,
      ]) {
        const answer = await onT.call(`${prefix}${odd}`, { cookie: fan.cookie });
        expect(answer, `${prefix}${odd}`).toEqual(
          await onReference.call(`${prefix}${odd}`, { cookie: fan.cookie }),
        );
      }
    expect(await fastAnswers(t.app)).toBe(before);
  });

  it('leave anything but a plain GET of the exact path to the routes', async () => {
    for (const { path } of reads) await fastAnswer(t.app, onT.call, path, { cookie: fan.cookie });
    const before = await fastAnswers(t.app);
    for (const { path } of reads) {
      const cookie = { cookie: fan.cookie };
      const asks: Array<[string, Record<string, string>, string]> = [
        [`${path}?x=1`, cookie, 'GET'],
        [`${path}/`, cookie, 'GET'],
        [path.toUpperCase(), cookie, 'GET'],
        [path, cookie, 'HEAD'],
        [path, { ...cookie, 'if-none-match': '"x"' }, 'GET'],
        [path, { ...cookie, 'if-modified-since': new Date().toUTCString() }, 'GET'],
        [path, { ...cookie, range: 'bytes=0-1' }, 'GET'],
      ];
      for (const [asked, headers, method] of asks) {
        const answer = await onT.call(asked, headers, method);
        expect(answer, `${method} ${asked}`).toEqual(await onReference.call(asked, headers, method));
      }
    }
    expect(await fastAnswers(t.app)).toBe(before);
  });

  it("show a rating made through this instance in the writer's next read", async () => {
    const path = `/api/stats/match/${live.match.id}`;
    await fastAnswer(t.app, onT.call, path, { cookie: fan.cookie });
    const before = JSON.parse((await onT.call(path, { cookie: fan.cookie })).body) as {
      totalRatings: number;
    };
    const rater = await createFan(t);
    const player = live.available[0];
    if (!player) throw new Error('no player');
    const rated = await rater.api.post('/api/ratings', {
      userId: rater.user.id,
      playerId: player.id,
      matchId: live.match.id,
      rating: 9,
    });
    expect(rated.status).toBe(200);
    const after = JSON.parse((await onT.call(path, { cookie: rater.cookie })).body) as {
      totalRatings: number;
    };
    expect(after.totalRatings).toBe(before.totalRatings + 1);
  });

  it('step aside while the instance drains: the routes answer', async () => {
    const other = await createTestContext({ database: t.database });
    const port = await listening(other);
    try {
      const path = '/api/players/available-for-rating';
      await fastAnswer(other.app, port.call, path, { cookie: fan.cookie });
      other.app.readiness.drain();
      const before = await fastAnswers(other.app);
      expect((await port.call(path, { cookie: fan.cookie })).status).toBe(200);
      expect(await fastAnswers(other.app)).toBe(before);
    } finally {
      port.close();
      await other.close();
    }
  });
});

describe('fast reads, logged', () => {
  it('log a slow fast answer as the request log does', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString('utf8').split('\n'))
          if (text) lines.push(JSON.parse(text) as Record<string, unknown>);
        done();
      },
    });
    // Every answer counts as slow.
    const t = await createTestContext({
      logger: pino({ level: 'info', ...LOG_OPTIONS }, sink),
      slowRequestMs: -1,
    });
    const port = await listening(t);
    try {
      const fan = await createFan(t);
      await setupLiveMatch(t);
      const path = '/api/players/available-for-rating';
      await fastAnswer(t.app, port.call, path, { cookie: fan.cookie });
      const slow = () => lines.filter((line) => line.msg === 'slow request' && line.url === path);
      await expect.poll(() => slow().length).toBeGreaterThanOrEqual(2);
      const before = slow().length;
      const counted = await fastAnswers(t.app);
      expect((await port.call(path, { cookie: fan.cookie })).status).toBe(200);
      expect(await fastAnswers(t.app)).toBe(counted + 1);
      await expect.poll(() => slow().length).toBe(before + 1);
      for (const line of slow()) {
        expect(line).toMatchObject({ level: 40, method: 'GET', url: path, statusCode: 200 });
        expect(typeof line.durationMs).toBe('number');
      }
    } finally {
      port.close();
      await t.close();
    }
  });
});

describe('fast reads, declared', () => {
  /** A bare Fastify with the plugin and one route declaring a fast read: whether it starts. */
  async function start(declare: (app: FastifyInstance) => void): Promise<void> {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const changes = new ChangeFeed();
    await app.register(fastReadsPlugin, {
      ahead: new AheadOfRouter(),
      sessions: new SessionCache(changes),
      metrics: new Metrics(),
      readiness: new Readiness('ready'),
      slowMs: 1000,
    });
    declare(app);
    try {
      await app.ready();
    } finally {
      await app.close();
    }
  }
  const fastRead = { policy: () => true, answer: () => '{}' };
  const handler = () => ({ totalRatings: 0, raters: 0, heldBack: 0 });

  it('start for a signed-in API read with at most a last path parameter', async () => {
    await start((app) => route(app, resultsApi.matchStats, { preValidation: signedIn, fastRead }, handler));
  });

  it('refuse to start for a read they could not answer as its route would', async () => {
    await expect(start((app) => route(app, resultsApi.matchStats, { fastRead }, handler))).rejects.toThrow(
      '/api/stats/match/:matchId: a fast read is a signedIn route',
    );
    await expect(
      start((app) =>
        route(
          app,
          resultsApi.matchStats,
          { preValidation: signedIn, config: { rateLimit: { max: 1, timeWindow: 1000 } }, fastRead },
          handler,
        ),
      ),
    ).rejects.toThrow('a fast read asks for no rate limit');
    await expect(
      start((app) =>
        route(app, resultsApi.playerStats, { preValidation: signedIn, fastRead }, () => ({
          average: null,
          count: 0,
        })),
      ),
    ).rejects.toThrow('has at most one path parameter, as its last segment');
  });

  it("leave another route's static path under a declared prefix to the router, as the router would", async () => {
    const ahead = new AheadOfRouter();
    const app = Fastify({ serverFactory: (handler) => createServer(ahead.listener(handler)) });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const cache = new SessionCache(new ChangeFeed());
    const token = randomToken();
    // The declared policy asks nothing of the user: any cached session will do.
    cache.set(hashToken(token), { id: 'a-fan' } as unknown as UserRow, new Date(Date.now() + 60_000));
    await app.register(fastReadsPlugin, {
      ahead,
      sessions: cache,
      metrics: new Metrics(),
      readiness: new Readiness('ready'),
      slowMs: 1000,
    });
    const things = endpoint({
      method: 'GET',
      path: '/api/things/:id',
      // A name, not a number: `latest` would pass the parameter's schema too.
      params: z.object({ id: z.string().max(20) }),
      response: z.object({ from: z.string() }),
    });
    route(
      app,
      things,
      { preValidation: signedIn, fastRead: { policy: () => true, answer: () => '{"from":"memory"}' } },
      () => ({ from: 'route' }),
    );
    app.get('/api/things/latest', () => ({ from: 'static' }));
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const ask = async (path: string) =>
        (await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
      expect(await ask('/api/things/7')).toEqual({ from: 'memory' });
      expect(await ask('/api/things/latest')).toEqual({ from: 'static' });
    } finally {
      await app.close();
    }
  });
});
