import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOOT_ELEMENT_ID, type Boot } from '@shared/boot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFan, type LiveMatch, setupLiveMatch } from '../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../tests/server/test-app';

const PAGE =
  '<!doctype html><html lang="en"><head><title>Live Player Ratings</title></head><body><div id="root"></div><script type="module" src="/assets/index-Abc123.js"></script></body></html>';
const PHONE = { 'sec-fetch-mode': 'navigate', accept: 'text/html', 'sec-ch-ua-mobile': '?1' };

let dir: string;
let t: TestContext;
let live: LiveMatch;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'matchday-public-screens-'));
  writeFileSync(path.join(dir, 'index.html'), PAGE);
  t = await createTestContext({ clientDir: dir });
  live = await setupLiveMatch(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

function bootIn(html: string): Boot {
  const match = new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">(.*?)</script>`).exec(
    html,
  );
  if (!match?.[1]) throw new Error('no boot answers in the page');
  return JSON.parse(match[1]) as Boot;
}

const open = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...PHONE, ...headers } });

describe('screens a signed-out visitor lands on, drawn by the server', () => {
  it('draws the home with the live match and a sign-in form that posts without script', async () => {
    const page = await open('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const html = page.body;
    expect(html).toContain(live.match.title);
    expect(html).toMatch(/<form[^>]*action="\/signin"/);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toContain('href="/matches"');
    const boot = bootIn(html);
    expect(boot.user).toBeNull();
    expect(boot.locale).toBe('en');
    expect(boot.answers.map((a) => a.key[0])).toContain('/api/matches/current');
    // Nothing of a fan's own: the drawing read only what any visitor may.
    expect(JSON.stringify(boot.answers)).not.toContain('/api/auth/me');
  });

  it('draws sign-in, sign-up and the password reset request', async () => {
    for (const [url, field] of [
      ['/signin', 'password'],
      ['/signup', 'name'],
      ['/forgot-password', 'email'],
    ] as const) {
      const page = await open(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toMatch(new RegExp(`<input[^>]*name="${field}"`));
      expect(page.body, url).toMatch(new RegExp(`<form[^>]*action="${url}"`));
      expect(page.body, url).toMatch(/<form[^>]*method="post"/);
    }
  });

  it('draws in the visitor’s language and direction', async () => {
    const page = await open('/signin', { 'accept-language': 'ar' });
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(bootIn(page.body).locale).toBe('ar');
  });

  it('draws the season’s public pages from their reads', async () => {
    for (const url of ['/matches', '/season', `/players/${live.available[0]?.id ?? 0}`]) {
      const page = await open(url);
      expect(page.statusCode, url).toBe(200);
      expect(bootIn(page.body).answers.length, url).toBeGreaterThan(0);
    }
  });

  it('leaves a fan’s pages, the admin’s and a one-off sign-in return to the page as built', async () => {
    for (const url of ['/me/ratings', '/admin', '/?auth=success&token=abc', '/matches/abc']) {
      const page = await open(url);
      expect(page.body, url).toBe(PAGE);
    }
    // A signed-in fan's season pages come from the page itself (their header is theirs).
    const fan = await createFan(t);
    expect((await open('/matches', { cookie: fan.cookie })).body).toBe(PAGE);
  });
});

describe('the sign-in and recovery forms, posted before the page’s script arrives', () => {
  const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  it('signs a fan in and sends them home with their session', async () => {
    const fan = await createFan(t);
    const answer = await post('/signin', { email: fan.user.email, password: fan.password });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/');
    expect(String(answer.headers['set-cookie'])).toContain('matchday_session=');
    // Home with that cookie is the fan's own screen.
    const session = /matchday_session=[^;]+/.exec(String(answer.headers['set-cookie']))?.[0] ?? '';
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: session } });
    expect(me.json()).toMatchObject({ user: { id: fan.user.id } });
  });

  it('sends a refused sign-in back to the form with the refusal’s code, never the password', async () => {
    const fan = await createFan(t);
    const answer = await post('/signin', { email: fan.user.email, password: 'wrong password 123' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toMatch(/^\/signin\?failed=[\w.]+$/);
    expect(answer.headers['set-cookie']).toBeUndefined();
    // The form drawn at that address says why.
    const page = await open(String(answer.headers.location));
    expect(page.body).toContain('Authentication failed');
  });

  it('asks for a reset link and says it is on its way', async () => {
    const answer = await post('/forgot-password', { email: 'nobody@example.com' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/forgot-password?notice=sent');
    const page = await open('/forgot-password?notice=sent');
    expect(page.body).toContain('a link to set a new password is on its way');
  });

  it('refuses a post from another site', async () => {
    const fan = await createFan(t);
    const answer = await post(
      '/signin',
      { email: fan.user.email, password: fan.password },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});
