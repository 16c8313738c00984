import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AUTH_ERRORS,
  type OAuthFailureReason,
  type PublicUser,
  publicUser,
  readOAuthFailure,
} from '@shared/auth';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcBrowser } from '../../../../tests/fakes/oidc-browser';
import {
  type OidcAccount,
  type OidcFixture,
  startOidcFixture,
} from '../../../../tests/fakes/oidc-fixture-server';
import {
  createTestContext,
  createUser,
  type TestContext,
  tokenFromMail,
} from '../../../../tests/server/test-app';
import { emailVerifications, sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';

const APP = 'http://matchday.test';
const CALLBACK = `${APP}/api/oauth/google/callback`;

let oidc: OidcFixture;
let t: TestContext;
beforeAll(async () => {
  oidc = await startOidcFixture({ redirectUris: [CALLBACK] });
  t = await createTestContext({ env: { ...oidc.env, PUBLIC_URL: APP } });
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

let n = 0;
/** A fresh identity at the provider: verified e-mail, name and picture unless told otherwise. */
function account(fields: Partial<OidcAccount> = {}, provider: OidcFixture = oidc): OidcAccount {
  n += 1;
  const created: OidcAccount = {
    login: `social-fan-${n}`,
    sub: `subject-${n}-${Date.now()}`,
    email: `social-fan-${n}-${Date.now()}@example.com`,
    emailVerified: true,
    name: `Social Fan ${n}`,
    picture: `https://images.example.com/fan-${n}.png`,
    ...fields,
  };
  provider.addAccount(created);
  return created;
}

const browser = (context: TestContext = t) => new OidcBrowser(context.app, APP);
const atCallback = (url: URL) => url.href.startsWith(CALLBACK);

/** The home page's callback query: the session token and the user, as the home page reads them. */
function landedSignedIn(url: URL): { token: string; user: PublicUser } {
  expect(url.pathname).toBe('/');
  expect(url.searchParams.get('auth')).toBe('success');
  const token = url.searchParams.get('token');
  expect(token).toBeTruthy();
  return { token: token ?? '', user: publicUser.parse(JSON.parse(url.searchParams.get('user') ?? '')) };
}

function expectFailure(url: URL, reason: OAuthFailureReason) {
  expect(`${url.pathname}${url.search}`).toBe(`/signin?auth=error&reason=${reason}`);
  expect(readOAuthFailure(url.search)).toBe(reason);
}

const usersWithEmail = async (email: string) =>
  t.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

const sessionCount = async (userId: string) =>
  (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]?.n ?? 0;

describe('GET /api/oauth/google', () => {
  it('redirects to the discovered authorization endpoint with PKCE, state and nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/oauth/google' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${oidc.issuer}/auth`);
    const q = location.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(oidc.clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);

    // The flow waits in an encrypted cookie, sent back only to the callback.
    const cookie = res.cookies.find((c) => c.name === 'matchday_oauth');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/oauth/google/callback' });
    expect(cookie?.maxAge).toBe(600);
    expect(cookie?.value).not.toContain(q.get('state'));
    expect(Buffer.from(cookie?.value ?? '', 'base64url').toString('latin1')).not.toContain(q.get('nonce'));
  });

  it('is announced by GET /api/auth/providers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: true });
  });
});

describe('signing in through the provider', () => {
  it('creates a verified account from the profile and signs it in like a password login', async () => {
    const fan = account();
    const b = browser();
    const { token, user } = landedSignedIn(await b.signIn(fan.login));
    expect(user).toMatchObject({
      email: fan.email,
      name: fan.name,
      avatar: fan.picture,
      isAdmin: false,
      consentGiven: false,
      voteCount: 0,
    });
    expect(user.lastLoginAt).not.toBeNull();

    const [row] = await usersWithEmail(fan.email ?? '');
    expect(row).toMatchObject({
      id: user.id,
      emailVerified: true,
      passwordHash: null,
      oauthSubject: `${oidc.issuer}|${fan.sub}`,
    });
    // The same session, by bearer token (the page) and by cookie (set on the redirect).
    const byToken = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byToken.json().user.id).toBe(user.id);
    expect(b.cookie(APP, 'matchday_session')).toBe(token);
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: b.appCookies() },
    });
    expect(byCookie.json().user.id).toBe(user.id);
    // The flow cookie is spent.
    expect(b.cookie(APP, 'matchday_oauth')).toBeUndefined();
  });

  it('signs the same fan into the same account again, with a new session in place of the old', async () => {
    const fan = account();
    const b = browser();
    const first = landedSignedIn(await b.signIn(fan.login));
    const second = landedSignedIn(await b.signIn(fan.login));
    expect(second.user.id).toBe(first.user.id);
    expect(second.token).not.toBe(first.token);
    expect(await usersWithEmail(fan.email ?? '')).toHaveLength(1);
    // Session rotation: the session the browser carried is ended.
    const old = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(first.token)));
    expect(old).toHaveLength(0);
    expect(await sessionCount(first.user.id)).toBe(1);
  });

  it('makes one account when the same new fan comes back twice at once (two tabs)', async () => {
    const fan = account();
    const [a, b] = [browser(), browser()];
    const callbacks = await Promise.all([
      a.signIn(fan.login, 'allow', atCallback),
      b.signIn(fan.login, 'allow', atCallback),
    ]);
    const landings = await Promise.all([a.open(callbacks[0]), b.open(callbacks[1])]);
    const ids = landings.map((landing) => landedSignedIn(landing.url).user.id);
    expect(ids[0]).toBe(ids[1]);
    expect(await usersWithEmail(fan.email ?? '')).toHaveLength(1);
  });

  it('keeps the profile the fan already has and recognises the subject even if the e-mail changed', async () => {
    const fan = account();
    const { user } = landedSignedIn(await browser().signIn(fan.login));
    oidc.addAccount({ ...fan, email: `changed-${fan.email}`, name: 'Changed Name', picture: undefined });
    const again = landedSignedIn(await browser().signIn(fan.login));
    expect(again.user).toMatchObject({ id: user.id, email: fan.email, name: fan.name, avatar: fan.picture });
  });

  it('links a verified password account with the same e-mail, and both ways keep working', async () => {
    const { user: existing, password } = await createUser(t.db, { name: 'Password Pat' });
    const fan = account({ email: existing.email.toUpperCase() });
    const { user } = landedSignedIn(await browser().signIn(fan.login));
    expect(user.id).toBe(existing.id);
    // The fan's own name stays; the picture fills the empty avatar.
    expect(user).toMatchObject({ name: 'Password Pat', avatar: fan.picture });
    const [row] = await usersWithEmail(existing.email);
    expect(row?.oauthSubject).toBe(`${oidc.issuer}|${fan.sub}`);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: existing.email, password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(existing.id);
    expect(await usersWithEmail(existing.email)).toHaveLength(1);
  });

  it('the reverse: signing up with a password for an address that signed in through the provider makes no second account', async () => {
    const fan = account();
    const { user } = landedSignedIn(await browser().signIn(fan.login));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: fan.email, password: 'a-long-password', name: 'Imposter', newsletterOptIn: false },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(AUTH_ERRORS.emailTakenBySocial);
    const rows = await usersWithEmail(fan.email ?? '');
    expect(rows.map((r) => [r.id, r.name])).toEqual([[user.id, fan.name]]);
  });

  it('gives a stranger’s unverified password sign-up of the address to its verified owner, wiped clean', async () => {
    const email = `pre-hijack-${Date.now()}@example.com`;
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'attacker-password', name: 'Attacker', newsletterOptIn: true },
    });
    expect(register.statusCode).toBe(201);
    const link = tokenFromMail(t.outbox.at(-1));
    const fan = account({ email, name: 'Rightful Owner' });
    const { user } = landedSignedIn(await browser().signIn(fan.login));
    const [row] = await usersWithEmail(email);
    expect(row).toMatchObject({
      id: user.id,
      name: 'Rightful Owner',
      emailVerified: true,
      passwordHash: null,
      newsletterOptIn: false,
    });
    // Neither the stranger's password nor the stranger's link opens it.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'attacker-password' },
    });
    expect(login.statusCode).toBe(401);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { token: link },
    });
    expect(confirm.statusCode).toBe(400);
    expect(
      await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user.id)),
    ).toHaveLength(0);
  });
});

describe('refused identities', () => {
  it('never links an unverified e-mail to an existing account', async () => {
    const { user: existing } = await createUser(t.db);
    for (const emailVerified of [false, 'false', undefined] as const) {
      const fan = account({ email: existing.email, emailVerified });
      expectFailure(await browser().signIn(fan.login), 'email_unverified');
    }
    const [row] = await usersWithEmail(existing.email);
    expect(row?.oauthSubject).toBeNull();
    expect(await sessionCount(existing.id)).toBe(1); // only the factory's
  });

  it('creates no account from an unverified e-mail', async () => {
    const fan = account({ emailVerified: false });
    expectFailure(await browser().signIn(fan.login), 'email_unverified');
    expect(await usersWithEmail(fan.email ?? '')).toHaveLength(0);
  });

  it('needs an e-mail address', async () => {
    const fan = account({ email: undefined, emailVerified: undefined });
    expectFailure(await browser().signIn(fan.login), 'email_missing');
  });
});

describe('failures land on the sign-in screen', () => {
  it('denied consent', async () => {
    const fan = account();
    expectFailure(await browser().signIn(fan.login, 'deny'), 'access_denied');
    expectFailure(await browser().signIn(fan.login, 'cancel'), 'access_denied');
    expect(await usersWithEmail(fan.email ?? '')).toHaveLength(0);
  });

  it('another error from the provider', async () => {
    const b = browser();
    const callback = await b.signIn(account().login, 'allow', atCallback);
    const state = callback.searchParams.get('state') ?? '';
    const landing = await b.open(`${CALLBACK}?error=server_error&state=${state}`);
    expectFailure(landing.url, 'provider_error');
  });

  it('a wrong, missing or replayed state', async () => {
    const fan = account();
    const b = browser();
    const callback = await b.signIn(fan.login, 'allow', atCallback);
    const wrong = new URL(callback);
    wrong.searchParams.set('state', 'not-the-state-we-sent');
    expectFailure((await b.open(wrong)).url, 'invalid_state');

    // The first answer spent the flow: even the genuine one is refused now.
    expectFailure((await b.open(callback)).url, 'invalid_state');

    const b2 = browser();
    const missing = await b2.signIn(fan.login, 'allow', atCallback);
    missing.searchParams.delete('state');
    expectFailure((await b2.open(missing)).url, 'invalid_state');
    expect(await usersWithEmail(fan.email ?? '')).toHaveLength(0);
  });

  it('a callback in a browser that did not start the sign-in (no flow cookie)', async () => {
    const callback = await browser().signIn(account().login, 'allow', atCallback);
    expectFailure((await browser().open(callback)).url, 'invalid_state');
  });

  it('a tampered flow cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/oauth/google' });
    const cookie = res.cookies.find((c) => c.name === 'matchday_oauth')?.value ?? '';
    const state = new URL(String(res.headers.location)).searchParams.get('state');
    const flipped = `${cookie.slice(0, 40)}${cookie[40] === 'A' ? 'B' : 'A'}${cookie.slice(41)}`;
    const callback = await t.app.inject({
      method: 'GET',
      url: `/api/oauth/google/callback?code=abc&state=${state}`,
      headers: { cookie: `matchday_oauth=${flipped}` },
    });
    expectFailure(new URL(String(callback.headers.location), APP), 'invalid_state');
  });

  it('a tampered code or issuer', async () => {
    const fan = account();
    for (const [param, value] of [
      ['code', 'forged-code'],
      ['iss', 'https://evil.example.com'],
    ] as const) {
      const b = browser();
      const callback = await b.signIn(fan.login, 'allow', atCallback);
      callback.searchParams.set(param, value);
      expectFailure((await b.open(callback)).url, 'provider_error');
    }
    expect(await usersWithEmail(fan.email ?? '')).toHaveLength(0);
  });

  it('the provider going down before the code is redeemed', async () => {
    const fan = account();
    const b = browser();
    const callback = await b.signIn(fan.login, 'allow', atCallback);
    oidc.setDown(true);
    try {
      expectFailure((await b.open(callback)).url, 'provider_unavailable');
    } finally {
      oidc.setDown(false);
    }
  });
});

describe('other configurations', () => {
  it('answers provider_unavailable while discovery fails, and works once the provider is back', async () => {
    const provider = await startOidcFixture({ redirectUris: [CALLBACK] });
    const app = await createTestContext({
      database: t.database,
      env: { ...provider.env, PUBLIC_URL: APP },
    });
    try {
      provider.setDown(true);
      expectFailure((await browser(app).open('/api/oauth/google')).url, 'provider_unavailable');
      provider.setDown(false);
      const fan = account({}, provider);
      expect(landedSignedIn(await browser(app).signIn(fan.login)).user.email).toBe(fan.email);
    } finally {
      await app.close();
      await provider.close();
    }
  });

  it('answers provider_unavailable when nothing listens at the issuer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const app = await createTestContext({
      database: t.database,
      env: { ...oidc.env, OAUTH_GOOGLE_ISSUER: `http://127.0.0.1:${port}`, PUBLIC_URL: APP },
    });
    try {
      expectFailure((await browser(app).open('/api/oauth/google')).url, 'provider_unavailable');
    } finally {
      await app.close();
    }
  });

  it('reads a Google-style ID token: profile claims inside it, email_verified as a string', async () => {
    const provider = await startOidcFixture({ redirectUris: [CALLBACK], claimsInIdToken: true });
    const app = await createTestContext({
      database: t.database,
      env: { ...provider.env, PUBLIC_URL: APP },
    });
    try {
      const fan = account({ emailVerified: 'true' }, provider);
      const { user } = landedSignedIn(await browser(app).signIn(fan.login));
      expect(user).toMatchObject({ email: fan.email, name: fan.name, avatar: fan.picture });
    } finally {
      await app.close();
      await provider.close();
    }
  });

  it('without a client configured: no button, and the route explains', async () => {
    const app = await createTestContext({ database: t.database });
    try {
      expect((await app.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
        google: false,
      });
      expectFailure((await browser(app).open('/api/oauth/google')).url, 'not_configured');
      expectFailure(
        (await browser(app).open('/api/oauth/google/callback?code=x&state=y')).url,
        'not_configured',
      );
    } finally {
      await app.close();
    }
  });

  it('keeps to the per-address limit of the sign-in calls, still answering with the sign-in screen', async () => {
    const app = await createTestContext({
      database: t.database,
      env: { ...oidc.env, PUBLIC_URL: APP },
      authRateLimit: { max: 2, timeWindow: 60_000 },
    });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await app.app.inject({ method: 'GET', url: '/api/oauth/google' });
        expect(new URL(String(res.headers.location)).origin).toBe(oidc.issuer);
      }
      expectFailure((await browser(app).open('/api/oauth/google')).url, 'rate_limited');
    } finally {
      await app.close();
    }
  });
});
