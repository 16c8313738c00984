import { mkdtempSync, rmSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIVE_CLOSE_RECONNECT } from '@shared/live';
import type { TrackingScripts } from '@shared/tracking';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppOptions, buildApp } from '../../src/server/app';
import { parseEnv, resolveEnv } from '../../src/server/env';
import { LOG_REDACTION, redactUrl } from '../../src/server/lib/log-redaction';
import { securityHeadersPlugin } from '../../src/server/plugins/security-headers';
import { type LiveClient, listen, openLive } from '../server/live-client';
import { memoryMailer, sessionCookieOf } from '../server/test-app';
import {
  createSecurityWorld,
  endedMatchRatedByFan,
  fillPath,
  multipartFile,
  PUBLIC_URL,
  routeKey,
  type SecurityWorld,
  send,
} from './security-fixture';

/**
 * Hardening the other tests do not already pin. Pinned elsewhere: session rotation at login
 * (auth.test.ts, oauth.test.ts), sessions and sockets ended by a regenerated password (admin-users.test.ts,
 * live.test.ts), the masked tracking key (settings-admin.test.ts), nosniff on a served PNG (uploads.test.ts).
 */
let w: SecurityWorld;
beforeAll(async () => {
  w = await createSecurityWorld();
});
afterAll(() => w.t.close());

/** Another instance of the product on the world's database, with options of its own (a logger, timeouts). */
async function ownApp(
  options: Partial<AppOptions>,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matchday-own-'));
  const app = await buildApp({
    env: resolveEnv(
      parseEnv({
        DATA_DIR: dataDir,
        SESSION_SECRET: 'own-secret-own-secret-own-secret-0123',
        PUBLIC_URL,
        NODE_ENV: 'test',
        // The log at its most talkative: per-request lines too, so they are checked for secrets.
        LOG_REQUESTS: 'true',
      }),
    ),
    database: w.t.database,
    mailer: memoryMailer([]),
    client: 'none',
    ...options,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const GOOGLE_TAGS = 'https://www.googletagmanager.com';
/** The page's policy, directive by directive: our origin, Google's tag hosts, and nothing else. */
const PAGE_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", GOOGLE_TAGS],
  'style-src': ["'self'", "'unsafe-inline'"],
  // Logos and banners may be any https image the admin links addresses).
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  // The live socket on our own origin only (PUBLIC_URL is http here, so ws).
  'connect-src': [
    "'self'",
    'ws://localhost',
    GOOGLE_TAGS,
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  // The club's YouTube video (social media settings) and GTM's noscript frame.
  'frame-src': ["'self'", 'https://www.youtube-nocookie.com', GOOGLE_TAGS],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

function parsePolicy(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** Whether a CSP source list lets the page load this URL (host sources with an optional `*.` wildcard). */
function allows(sources: string[], url: string): boolean {
  const { origin, hostname, protocol } = new URL(url);
  if (origin === PUBLIC_URL && sources.includes("'self'")) return true;
  return sources.some((source) => {
    if (source === `${protocol}`) return true;
    const match = source.match(/^(https?|wss?):\/\/(\*\.)?([^/]+)$/);
    if (!match || `${match[1]}:` !== protocol) return false;
    return match[2] ? hostname.endsWith(`.${match[3]}`) : hostname === match[3];
  });
}

describe('security headers', () => {
  const BASELINE = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  };

  it("gives the page a policy of our origin and Google's tag hosts only, with no inline or eval script", async () => {
    for (const url of ['/manifest.webmanifest', '/icons/icon-192.png', w.objectPath, '/some/page']) {
      const res = await send(w.t.app, { method: 'GET', url });
      expect(res.headers, url).toMatchObject(BASELINE);
      const policy = parsePolicy(res.headers['content-security-policy']);
      expect(policy, url).toEqual(PAGE_POLICY);
    }
  });

  it('lets the page load every tag the configured GTM and GA4 ids ask for, from the allowed hosts', async () => {
    const saved = await send(w.t.app, {
      method: 'POST',
      url: '/api/admin/tracking',
      cookie: w.admin.cookie,
      payload: { gtmContainerId: 'GTM-ABC123', ga4MeasurementId: 'G-ABCDEF1234' },
    });
    expect(saved.statusCode).toBe(200);
    const scripts = (
      await send(w.t.app, { method: 'GET', url: '/api/scripts/tracking' })
    ).json() as TrackingScripts;
    const policy = parsePolicy(
      (await send(w.t.app, { method: 'GET', url: '/manifest.webmanifest' })).headers[
        'content-security-policy'
      ],
    );
    const scriptUrls = [...`${scripts.header}`.matchAll(/https:\/\/[^'"\s]+/g)].map((m) => m[0]);
    const frameUrls = [...scripts.body.matchAll(/<iframe src="(https:\/\/[^"]+)"/g)].map(
      (m) => m[1] as string,
    );
    expect(scriptUrls.length).toBeGreaterThanOrEqual(2);
    expect(frameUrls.length).toBe(1);
    for (const url of scriptUrls) expect(allows(policy['script-src'] ?? [], url), url).toBe(true);
    for (const url of frameUrls) expect(allows(policy['frame-src'] ?? [], url), url).toBe(true);
    // GA4 reports to regional hosts of google-analytics.com.
    for (const url of [
      'https://region1.google-analytics.com/g/collect',
      'https://www.google-analytics.com/g/collect',
    ])
      expect(allows(policy['connect-src'] ?? [], url), url).toBe(true);
    // ...and nothing else: an unknown script host, or another site's frame, is not allowed.
    expect(allows(policy['script-src'] ?? [], 'https://evil.example/x.js')).toBe(false);
    expect(allows(policy['script-src'] ?? [], 'https://www.google-analytics.com.evil.example/x.js')).toBe(
      false,
    );
    expect(allows(policy['frame-src'] ?? [], 'https://evil.example/')).toBe(false);
  });

  it("page CSP: connect-src names no bare ws: or wss: scheme, only the page's own socket origin", async () => {
    const policy = parsePolicy(
      (await send(w.t.app, { method: 'GET', url: '/some/page' })).headers['content-security-policy'],
    );
    const connect = policy['connect-src'] ?? [];
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
    expect(allows(connect, 'ws://localhost/ws')).toBe(true);
    for (const url of ['ws://evil.example/ws', 'wss://evil.example/ws', 'wss://localhost.evil.example/ws'])
      expect(allows(connect, url), url).toBe(false);
    // An https page's socket is wss on its own host and port.
    const app = Fastify({ logger: false });
    await app.register(securityHeadersPlugin, {
      contentSecurityPolicy: true,
      publicUrl: 'https://fans.example:8443',
    });
    app.get('/', async () => 'page');
    const secure = parsePolicy(
      (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    await app.close();
    expect((secure['connect-src'] ?? []).filter((source) => /^wss?:/.test(source))).toEqual([
      'wss://fans.example:8443',
    ]);
  });

  it('gives every API answer, errors included, the baseline headers and a policy that loads nothing', async () => {
    const answers = [
      await send(w.t.app, { method: 'GET', url: '/api/auth/me' }),
      await send(w.t.app, { method: 'GET', url: '/api/admin/users', cookie: w.fan.cookie }),
      await send(w.t.app, { method: 'GET', url: '/api/nope' }),
      await send(w.t.app, {
        method: 'POST',
        url: '/api/auth/login',
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      }),
      await send(w.t.app, { method: 'GET', url: '/api/customization' }),
    ];
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        ...BASELINE,
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      });
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    }
  });
});

describe('caching of API answers', () => {
  it("keeps a fan's answers out of every shared cache unless the route says, and never keeps a refusal", async () => {
    const { match, starters } = w.live;
    const [player] = starters;
    const fan = w.fan;
    const mine = [
      `/api/leaderboard/match/${match.id}`,
      `/api/motm/${match.id}`,
      `/api/stats/match/${match.id}`,
      `/api/ratings/match/${match.id}/distribution`,
      `/api/ratings/user/${fan.user.id}/match/${match.id}`,
      `/api/ratings/player/${player?.id}/match/${match.id}`,
      `/api/user-votes/${fan.user.id}/match/${match.id}`,
      `/api/user-votes/${fan.user.id}/match/${match.id}/progress`,
      `/api/user-votes/${fan.user.id}/match/${match.id}/has-voted`,
      '/api/matches',
      '/api/matches/current',
      '/api/players',
      '/api/auth/me',
    ];
    for (const url of mine) {
      const res = await send(w.t.app, { method: 'GET', url, cookie: fan.cookie });
      expect(res.statusCode, url).toBe(200);
      // 'private, no-store' unless the route chose plain 'no-store': kept by nobody either way.
      expect(res.headers['cache-control'], url).toMatch(/^(private, )?no-store$/);
    }
    // A live match has no report yet: the 404 is not kept for the minute a found report may be.
    const report = await send(w.t.app, { method: 'GET', url: `/api/matches/${match.id}/report` });
    expect(report.statusCode).toBe(404);
    expect(report.headers['cache-control']).toBe('private, no-store');
    // A route that may be kept says so, and keeps saying it.
    const list = await send(w.t.app, { method: 'GET', url: '/api/match-reports' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('uploads', () => {
  it('serves what was uploaded as the image it is, whatever type and name the upload claimed', async () => {
    const jpeg = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    const res = await send(w.t.app, {
      method: 'POST',
      url: '/api/objects/upload',
      cookie: w.admin.cookie,
      ...multipartFile('file', jpeg, { type: 'text/html', filename: 'page.html' }),
    });
    expect(res.statusCode).toBe(200);
    const { objectPath } = res.json() as { objectPath: string };
    expect(objectPath).toMatch(/\.jpg$/);
    const served = await send(w.t.app, { method: 'GET', url: objectPath });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });
});

describe("a fan's ratings card", () => {
  it('is an attachment only its owner gets, never kept on the way, with the API headers', async () => {
    const url = `/api/matches/${await endedMatchRatedByFan(w)}/my-ratings.png`;
    const card = await send(w.t.app, { method: 'GET', url, cookie: w.fan.cookie });
    expect(card.statusCode).toBe(200);
    expect(card.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, no-store',
      'content-disposition': 'attachment; filename="my-ratings-everton.png"',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    expect(card.headers['set-cookie']).toBeUndefined();
    // Naming the fan anywhere but the session changes nothing: another caller has no card there.
    for (const cookie of [w.otherFan.cookie, w.admin.cookie]) {
      const other = await send(w.t.app, { method: 'GET', url: `${url}?userId=${w.fan.user.id}`, cookie });
      expect(other.statusCode).toBe(404);
      expect(String(other.headers['content-type'])).toMatch(/^application\/json/);
    }
    const anonymous = await send(w.t.app, { method: 'GET', url, headers: { 'x-user-id': w.fan.user.id } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a deleted user', () => {
  const sockets: LiveClient[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('loses every session, cookie and bearer alike, and every open socket is told to reconnect', async () => {
    const base = await listen(w.t.app);
    const victim = await w.freshFan();
    const login = await send(w.t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.user.email, password: victim.password },
    });
    const secondCookie = sessionCookieOf(login) as string;
    expect(secondCookie).toBeDefined();
    for (const options of [{ cookie: victim.cookie }, { cookie: secondCookie }, { token: victim.token }]) {
      const socket = await openLive(base, options);
      sockets.push(socket);
      expect((await socket.next('connection_established')).data).toEqual({ signedIn: true });
    }
    const bystander = await openLive(base, { cookie: w.otherFan.cookie });
    sockets.push(bystander);
    await bystander.next('connection_established');

    const res = await send(w.t.app, {
      method: 'DELETE',
      url: `/api/admin/users/${victim.user.id}`,
      cookie: w.admin.cookie,
    });
    expect(res.statusCode).toBe(200);

    for (const socket of sockets.slice(0, 3)) expect((await socket.closed).code).toBe(LIVE_CLOSE_RECONNECT);
    expect(bystander.ws.readyState).toBe(bystander.ws.OPEN);
    for (const headers of [
      { cookie: victim.cookie },
      { cookie: secondCookie },
      { authorization: `Bearer ${victim.token}` },
    ]) {
      const me = await send(w.t.app, { method: 'GET', url: '/api/auth/me', headers });
      expect(me.statusCode).toBe(401);
    }
    // Reconnecting with the old cookie is an anonymous socket.
    const again = await openLive(base, { cookie: victim.cookie });
    sockets.push(again);
    expect((await again.next('connection_established')).data).toEqual({ signedIn: false });
  });
});

describe('the log', () => {
  it('redacts cookies, bearer tokens, passwords and keys at the configured paths', () => {
    const lines: string[] = [];
    const log = pino({ redact: LOG_REDACTION }, { write: (line: string) => void lines.push(line) });
    log.info(
      {
        req: { headers: { authorization: 'Bearer tok-SECRET-1', cookie: 'matchday_session=SECRET-2' } },
        res: { headers: { 'set-cookie': 'matchday_session=SECRET-3' } },
        body: { password: 'SECRET-4', token: 'SECRET-5', newPassword: 'SECRET-6' },
        settings: { beehiivApiKey: 'SECRET-7', apiKey: 'SECRET-8' },
        password: 'SECRET-9',
        token: 'SECRET-10',
      },
      'a request',
    );
    expect(lines.join('')).not.toContain('SECRET');
    expect(lines.join('')).toContain('[redacted]');
  });

  it("keeps every secret of a request out of the product's own log, at its most talkative level", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'trace', redact: LOG_REDACTION },
      { write: (line: string) => void lines.push(line) },
    );
    const { app, close } = await ownApp({ logger });
    try {
      const victim = await w.freshFan();
      const secrets = [victim.password, victim.token];
      const ok = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { cookie: victim.cookie, authorization: `Bearer ${victim.token}` },
        payload: { email: victim.user.email, password: victim.password },
      });
      expect(ok.statusCode).toBe(200);
      const newCookie = sessionCookieOf(ok) as string;
      secrets.push(newCookie.split('=')[1] as string);
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: victim.user.email, password: 'Wrong-Password-SECRET' },
      });
      expect(wrong.statusCode).toBe(401);
      secrets.push('Wrong-Password-SECRET');
      const regenerated = await app.inject({
        method: 'POST',
        url: `/api/admin/users/${victim.user.id}/regenerate-password`,
        headers: { cookie: w.admin.cookie },
      });
      expect(regenerated.statusCode).toBe(200);
      secrets.push(regenerated.json().newPassword, w.admin.token);
      const tracking = await app.inject({
        method: 'POST',
        url: '/api/admin/tracking',
        headers: { authorization: `Bearer ${w.admin.token}` },
        payload: { beehiivApiKey: 'bh_live_LOGSECRET_0123456789' },
      });
      expect(tracking.statusCode).toBe(200);
      secrets.push('bh_live_LOGSECRET_0123456789');

      const output = lines.join('');
      expect(output).toContain('/api/auth/login');
      for (const secret of secrets) expect(output, 'a secret reached the log').not.toContain(secret);
    } finally {
      await close();
    }
  });

  it('tokens in logs: redactUrl keeps the path and harmless parameters, and hides every secret or address', () => {
    expect(redactUrl('/ws')).toBe('/ws');
    expect(redactUrl('/ws?token=abc')).toBe('/ws?token=[redacted]');
    expect(
      redactUrl('/?auth=success&token=t&user=%7B%22email%22%3A%22a%40b.example%22%7D&page=2#access_token=x'),
    ).toBe('/?auth=success&token=[redacted]&user=[redacted]&page=2#[redacted]');
    expect(redactUrl('/api/oauth/google/callback?code=c&state=s&scope=openid')).toBe(
      '/api/oauth/google/callback?code=[redacted]&state=[redacted]&scope=openid',
    );
    expect(
      redactUrl('/x?apiKey=1&client_secret=2&newPassword=3&refresh%5Ftoken=4&q=fan%40club.example'),
    ).toBe(
      '/x?apiKey=[redacted]&client_secret=[redacted]&newPassword=[redacted]&refresh%5Ftoken=[redacted]&q=[redacted]',
    );
    expect(redactUrl('/x?bad=%E0%A4%A&matchId=3')).toBe('/x?bad=%E0%A4%A&matchId=3');
  });

  it('tokens in logs: no token, code, state or e-mail of a request URL reaches the log, and the path does', async () => {
    const lines: string[] = [];
    // No redaction configured here: buildApp imposes the product's on any logger it is given.
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const { app, close } = await ownApp({ logger });
    const sockets: LiveClient[] = [];
    try {
      const victim = await w.freshFan();
      const email = victim.user.email;
      const user = encodeURIComponent(JSON.stringify({ id: victim.user.id, email, name: 'A Fan' }));
      const secrets = [victim.token, 'LANDING-SECRET', 'CODE-SECRET', 'STATE-SECRET', email];
      const requests = [
        `/ws?token=${victim.token}`,
        `/?auth=success&token=LANDING-SECRET&user=${user}`,
        '/api/oauth/google/callback?code=CODE-SECRET&state=STATE-SECRET',
      ];
      for (const url of requests) await app.inject({ method: 'GET', url });
      // Real upgrades: an old page's token in the URL, and the page's token in its subprotocol.
      const base = await listen(app);
      for (const tokenIn of ['query', 'protocol'] as const) {
        const socket = await openLive(base, { token: victim.token, tokenIn });
        sockets.push(socket);
        expect((await socket.next('connection_established')).data).toEqual({ signedIn: true });
      }

      const output = lines.join('');
      for (const where of [
        '"/ws?token=[redacted]"',
        '/?auth=success&token=[redacted]',
        '/api/oauth/google/callback?code=',
      ])
        expect(output).toContain(where);
      for (const secret of [...secrets, encodeURIComponent(email), email.split('@')[0] as string])
        expect(output, 'a secret reached the log').not.toContain(secret);
    } finally {
      for (const socket of sockets) socket.close();
      await close();
    }
  });
});

describe('slow bodies', () => {
  it('slow bodies: a body dripped a byte at a time is answered 408 and closed at the request timeout', async () => {
    const { app, close } = await ownApp({ requestTimeoutMs: 500 });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const socket = connectTcp(Number(new URL(address).port), '127.0.0.1');
      const started = Date.now();
      let answer = '';
      socket.on('data', (data) => {
        answer += data.toString();
      });
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
      // A byte every 100 ms: the 100 declared would take 10 s.
      const drip = setInterval(() => socket.write(' '), 100);
      // A write racing the server's close may fail: the close is what is awaited.
      socket.on('error', () => {});
      await new Promise<void>((resolve) =>
        socket.on('close', () => {
          clearInterval(drip);
          resolve();
        }),
      );
      const elapsed = Date.now() - started;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(elapsed).toBeGreaterThanOrEqual(400);
      expect(elapsed).toBeLessThan(3000);
    } finally {
      await close();
    }
  });
});

describe('the newsletter key', () => {
  const KEY = 'bh_live_NEVERSHOWN_abcdef0123456789';

  it('is masked in the admin tracking GET and absent from every GET answer, for every caller', async () => {
    const saved = await send(w.t.app, {
      method: 'POST',
      url: '/api/admin/tracking',
      cookie: w.admin.cookie,
      payload: { beehiivApiKey: KEY, beehiivPublicationId: 'pub_00000000-1111' },
    });
    expect(saved.statusCode).toBe(200);
    const tracking = await send(w.t.app, {
      method: 'GET',
      url: '/api/admin/tracking',
      cookie: w.admin.cookie,
    });
    expect(tracking.json()).toMatchObject({ beehiivApiKey: '••••••••6789', beehiivApiKeySet: true });

    const params = {
      userId: w.fan.user.id,
      id: w.fan.user.id,
      matchId: w.live.match.id,
      playerId: w.live.starters[0]?.id ?? 1,
      file: 'icon-192.png',
      season: '2030-31',
    };
    const gets = w.t.app.registeredRoutes.filter((r) => r.method === 'GET').flatMap(routeKey);
    expect(gets.length).toBeGreaterThan(40);
    let answered = 0;
    for (const key of gets) {
      const url = fillPath(key.slice(4), params);
      for (const cookie of [undefined, w.fan.cookie, w.admin.cookie]) {
        const res = await send(w.t.app, { method: 'GET', url, cookie });
        expect(res.body, `${key} leaks the newsletter key`).not.toContain(KEY);
        expect(res.body, key).not.toContain('NEVERSHOWN');
        if (res.statusCode === 200) answered += 1;
      }
    }
    expect(answered).toBeGreaterThan(60);
  });
});

describe('the season start month', () => {
  it('is a month in the database too, whatever writes it: 0 and 13 are refused by its check', async () => {
    const codeOf = async (month: number) => {
      try {
        await w.t.db.execute(sql`update customization set season_start_month = ${month} where id = 1`);
        return 'accepted';
      } catch (error) {
        let e: unknown = error;
        while (e && !(e as { code?: string }).code) e = (e as { cause?: unknown }).cause;
        return String((e as { code?: string } | undefined)?.code ?? 'unknown');
      }
    };
    expect(await codeOf(0)).toBe('23514');
    expect(await codeOf(13)).toBe('23514');
    const setting = await send(w.t.app, {
      method: 'GET',
      url: '/api/admin/season-settings',
      cookie: w.admin.cookie,
    });
    expect(setting.json()).toEqual({ startMonth: 8 });
  });
});
