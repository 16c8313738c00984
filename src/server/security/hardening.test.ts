import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIVE_CLOSE_RECONNECT } from '@shared/live';
import type { TrackingScripts } from '@shared/tracking';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { parseEnv, resolveEnv } from '../env';
import { LOG_REDACTION } from '../lib/log-redaction';
import type { MailMessage } from '../lib/mailer';
import { type LiveClient, listen, openLive } from '../testing/live-client';
import { memoryMailer, sessionCookieOf } from '../testing/test-app';
import {
  createSecurityWorld,
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

const GOOGLE_TAGS = 'https://www.googletagmanager.com';
/** The page's policy, directive by directive: our origin, Google's tag hosts, and nothing else. */
const PAGE_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", GOOGLE_TAGS],
  'style-src': ["'self'", "'unsafe-inline'"],
  // Logos and banners may be any https image the admin links (operations.md: http(s) addresses).
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': [
    "'self'",
    'ws:',
    'wss:',
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
    const match = source.match(/^(https?):\/\/(\*\.)?([^/]+)$/);
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
    const dataDir = mkdtempSync(path.join(tmpdir(), 'matchday-log-'));
    const outbox: MailMessage[] = [];
    const app = await buildApp({
      env: resolveEnv(
        parseEnv({
          DATA_DIR: dataDir,
          SESSION_SECRET: 'log-secret-log-secret-log-secret-0123',
          PUBLIC_URL,
          NODE_ENV: 'test',
        }),
      ),
      database: w.t.database,
      mailer: memoryMailer(outbox),
      client: 'none',
      logger,
    });
    try {
      await app.ready();
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
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
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
