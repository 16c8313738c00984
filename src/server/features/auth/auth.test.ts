import { AUTH_ERRORS, AUTH_MESSAGES } from '@shared/auth';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  createUser,
  sessionCookieOf,
  signUpBrowser,
  type TestContext,
  tokenFromMail,
} from '../../../../tests/server/test-app';
import { emailVerifications, failedLogins, newsletterQueue, sessions, users } from '../../db/schema';
import { LOCKOUT_MAX_FAILURES } from './auth.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const json = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload: payload as object, headers });

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;
let n = 0;
const freshEmail = () => `new-fan-${++n}-${Date.now()}@example.com`;

describe('POST /api/auth/register', () => {
  it('creates an unverified account and mails a one-time link under PUBLIC_URL', async () => {
    const email = freshEmail();
    const res = await json('POST', '/api/auth/register', {
      email,
      password: 'long enough',
      name: 'Ada',
      newsletterOptIn: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      requiresVerification: true,
      message: AUTH_MESSAGES.registered,
    });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: 'Ada', emailVerified: false, isAdmin: false, newsletterOptIn: true });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = t.outbox.at(-1);
    expect(mail?.to).toBe(email);
    expect(mail?.text).toContain('http://matchday.test/confirm?token=');
    // Only the digest of the token is stored.
    const token = tokenFromMail(mail);
    const stored = await t.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, user?.id ?? ''));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(token);
  });

  // The forms' documented wording, word for word, with the codes the page translates.
  const tooShort = { message: 'Password must be at least 8 characters long', code: 'auth.passwordTooShort' };
  const badEmail = { message: 'Invalid email address', code: 'auth.invalidEmail' };
  const noName = { message: 'Name is required', code: 'auth.nameRequired' };
  it.each([
    [{ email: 'x@example.com', password: 'short', name: 'Ada' }, tooShort],
    [{ email: 'not-an-email', password: 'long enough', name: 'Ada' }, badEmail],
    [{ email: 'x@example.com', password: 'long enough', name: '   ' }, noName],
    [{ email: 'x@example.com', password: 'long enough' }, noName],
    [
      { password: 'long enough', name: 'Ada' },
      { message: 'Email is required', code: 'auth.emailRequired' },
    ],
  ])('refuses %j with 400 and writes nothing', async (body, answer) => {
    const before = await userCount();
    const res = await json('POST', '/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(answer);
    expect(await userCount()).toBe(before);
  });

  it('refuses an e-mail that already has a verified account, whatever its case', async () => {
    const { user } = await createUser(t.db, { email: 'taken@example.com' });
    const res = await json('POST', '/api/auth/register', {
      email: 'TAKEN@example.com',
      password: 'long enough',
      name: 'B',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(AUTH_ERRORS.emailTaken);
    const [again] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(again?.name).toBe(user.name);
  });

  it('takeover before verification: re-registering an unverified address changes nothing and mails the owner a fresh link', async () => {
    const email = freshEmail();
    const first = await json('POST', '/api/auth/register', {
      email,
      password: 'first password',
      name: 'First',
      newsletterOptIn: false,
    });
    const firstLink = tokenFromMail(t.outbox.at(-1));
    const [before] = await t.db.select().from(users).where(eq(users.email, email));

    // A stranger signs the same address up again, in another letter case, with their own choices.
    const mailsBefore = t.outbox.length;
    const again = await json('POST', '/api/auth/register', {
      email: email.toUpperCase(),
      password: 'stranger password',
      name: 'Stranger',
      newsletterOptIn: true,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());

    // The account is as it was (only marked as signed up twice), and no second sign-up reached the
    // newsletter queue.
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toEqual([{ ...before, signupContested: true }]);
    expect(await t.db.select().from(newsletterQueue).where(eq(newsletterQueue.email, email))).toEqual([]);

    // The owner got one fresh link; the old one no longer works.
    expect(t.outbox.slice(mailsBefore).map((m) => m.to)).toEqual([email]);
    const freshLink = tokenFromMail(t.outbox.at(-1));
    expect(freshLink).not.toBe(firstLink);
    // The mail says what following it will do: the owner chooses the password.
    expect(t.outbox.at(-1)?.text).toContain('asks you to choose your password');
    expect((await json('POST', '/api/auth/confirm', { token: firstLink })).statusCode).toBe(400);

    // Whoever signed up first may be the stranger: following the link drops that password and has the
    // mailbox's owner choose one, with no session until then.
    const confirmed = await json('POST', '/api/auth/confirm', { token: freshLink });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json() as { message: string; user?: unknown; choosePasswordToken?: string };
    expect(body.message).toBe(AUTH_MESSAGES.choosePassword);
    expect(body.user).toBeUndefined();
    expect(confirmed.headers['set-cookie']).toBeUndefined();
    for (const password of ['stranger password', 'first password'])
      expect((await json('POST', '/api/auth/login', { email, password })).statusCode).toBe(401);
    const chosen = await json('POST', '/api/auth/reset-password', {
      token: body.choosePasswordToken,
      password: 'owner password',
      name: 'Owner',
    });
    expect(chosen.statusCode).toBe(200);
    expect((await json('POST', '/api/auth/login', { email, password: 'owner password' })).statusCode).toBe(
      200,
    );
    // The owner named themself as they chose the password: the first sign-up's name may be a stranger's.
    const [after] = await t.db.select().from(users).where(eq(users.email, email));
    expect(after).toMatchObject({ signupContested: false, name: 'Owner', newsletterOptIn: false });
  });

  it('accepts a JSON body only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('POST /api/auth/confirm', () => {
  it('verifies once; the same link again (said to be used), or a made-up one, is refused with 400', async () => {
    const email = freshEmail();
    const browser = signUpBrowser();
    await json('POST', '/api/auth/register', { email, password: 'long enough', name: 'Ada' }, browser);
    const token = tokenFromMail(t.outbox.at(-1));
    const ok = await json('POST', '/api/auth/confirm', { token }, browser);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: AUTH_MESSAGES.verified, user: { email } });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);

    const reused = await json('POST', '/api/auth/confirm', { token });
    expect(reused.statusCode).toBe(400);
    // The link's owner has a verified account: the answer says so, so the page offers sign-in, not sign-up.
    expect(reused.json()).toEqual(AUTH_ERRORS.linkUsed);
    expect(sessionCookieOf(reused)).toBeUndefined();
    const bogus = await json('POST', '/api/auth/confirm', { token: 'not-a-real-token' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toEqual(AUTH_ERRORS.badToken);
    const missing = await json('POST', '/api/auth/confirm', {});
    expect(missing.statusCode).toBe(400);
  });

  it('confirm in the browser that signed up signs the fan in: a session cookie as login sets, and the user in the answer', async () => {
    const email = freshEmail();
    const browser = signUpBrowser();
    const registered = await json(
      'POST',
      '/api/auth/register',
      { email, password: 'long enough', name: 'Ada' },
      browser,
    );
    // The sign-up cookie goes only to the sign-in calls, and never to script.
    expect(registered.cookies.find((c) => c.name === 'matchday_signup')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth',
    });
    const token = tokenFromMail(t.outbox.at(-1));

    const res = await json('POST', '/api/auth/confirm', { token }, browser);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: AUTH_MESSAGES.verified,
      user: {
        id: row?.id,
        name: 'Ada',
        email,
        avatar: null,
        isAdmin: false,
        consentGiven: false,
        geolocationConsent: false,
        lastLoginAt: row?.lastLoginAt?.toISOString(),
        voteCount: 0,
        locale: null,
        createdAt: row?.createdAt.toISOString(),
      },
    });
    expect(body.user.lastLoginAt).not.toBeNull();
    const cookie = res.cookies.find((c) => c.name === 'matchday_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await json('GET', '/api/auth/me', undefined, { cookie: sessionCookieOf(res) ?? '' });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(row?.id);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, row?.id ?? '')),
    ).toHaveLength(1);
  });

  it("a signed-in fan who opens another account's link stays signed in as themself (no login CSRF)", async () => {
    // An attacker signs up an address they own, in their own browser, and sends the fan its link.
    const email = freshEmail();
    const attacker = signUpBrowser();
    await json('POST', '/api/auth/register', { email, password: 'attacker pass', name: 'Mallory' }, attacker);
    const token = tokenFromMail(t.outbox.at(-1));
    const fan = await createUser(t.db);

    // The fan's browser carries their session and the attacker's sign-up cookie alike (the worst case).
    const res = await json(
      'POST',
      '/api/auth/confirm',
      { token },
      { cookie: `${fan.cookie}; ${attacker.cookie}` },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.verifiedKeptSession });
    expect(sessionCookieOf(res)).toBeUndefined();
    // Still the fan: their ratings, votes and consent keep going to their own account.
    const me = await json('GET', '/api/auth/me', undefined, { cookie: fan.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(fan.user.id);
    // The address is verified all the same, and its owner signs in with their password as usual.
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerified).toBe(true);
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, row?.id ?? '')),
    ).toEqual([]);
    const login = await json('POST', '/api/auth/login', { email, password: 'attacker pass' }, attacker);
    expect(login.statusCode).toBe(200);

    // Without the sign-up's cookie the link keeps no password, and still hands the fan no way in to it.
    const other = freshEmail();
    await json(
      'POST',
      '/api/auth/register',
      { email: other, password: 'sender pass', name: 'Sender' },
      signUpBrowser(),
    );
    const otherToken = tokenFromMail(t.outbox.at(-1));
    const plain = await json('POST', '/api/auth/confirm', { token: otherToken }, { cookie: fan.cookie });
    expect(plain.json()).toEqual({ success: true, message: AUTH_MESSAGES.verifiedKeptSession });
    expect(
      (await json('POST', '/api/auth/login', { email: other, password: 'sender pass' })).statusCode,
    ).toBe(401);
    expect((await json('GET', '/api/auth/me', undefined, { cookie: fan.cookie })).json().user.id).toBe(
      fan.user.id,
    );
  });

  it("a stranger's sign-up of someone's address: its link followed by the mailbox's owner keeps none of the stranger's password, name or newsletter wish", async () => {
    const email = freshEmail();
    await json(
      'POST',
      '/api/auth/register',
      { email, password: 'stranger password', name: 'Stranger', newsletterOptIn: true },
      signUpBrowser(),
    );
    const token = tokenFromMail(t.outbox.at(-1));

    // The owner, who never signed up, opens the unsolicited mail's link in their own browser.
    const confirmed = await json('POST', '/api/auth/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json() as { message: string; user?: unknown; choosePasswordToken?: string };
    expect(body.message).toBe(AUTH_MESSAGES.choosePassword);
    expect(body.user).toBeUndefined();
    expect(sessionCookieOf(confirmed)).toBeUndefined();
    // The stranger's password signs no one in to the verified address.
    expect((await json('POST', '/api/auth/login', { email, password: 'stranger password' })).statusCode).toBe(
      401,
    );
    const [verified] = await t.db.select().from(users).where(eq(users.email, email));
    expect(verified).toMatchObject({ emailVerified: true, passwordHash: null, newsletterOptIn: false });

    // The owner chooses their name and password, and signs in with them.
    const chosen = await json('POST', '/api/auth/reset-password', {
      token: body.choosePasswordToken,
      password: 'owner password',
      name: 'Owner',
    });
    expect(chosen.statusCode).toBe(200);
    const login = await json('POST', '/api/auth/login', { email, password: 'owner password' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.name).toBe('Owner');
  });
});

describe('POST /api/auth/login', () => {
  it('refuses an unverified e-mail with 403 saying so, and creates no session', async () => {
    const email = freshEmail();
    await json('POST', '/api/auth/register', { email, password: 'long enough', name: 'Ada' });
    const res = await json('POST', '/api/auth/login', { email, password: 'long enough' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message:
        'Please verify your email address before signing in. Check your inbox for the verification link.',
      code: 'auth.emailNotVerified',
    });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('refuses a wrong password and an unknown e-mail alike with 401', async () => {
    const { user } = await createUser(t.db);
    const wrong = await json('POST', '/api/auth/login', { email: user.email, password: 'wrong password' });
    const unknown = await json('POST', '/api/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'auth.invalidCredentials' });
    }
  });

  it('signs in with an HttpOnly SameSite=Lax cookie that identifies the user; the token is stored hashed', async () => {
    const { user, password } = await createUser(t.db, { email: 'Mixed.Case@Example.com' });
    const res = await json('POST', '/api/auth/login', { email: 'mixed.case@example.com', password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: AUTH_MESSAGES.loggedIn,
      user: { id: user.id, isAdmin: false },
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'matchday_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.map((s) => s.tokenHash)).not.toContain(cookie?.value);

    const me = await json('GET', '/api/auth/me', undefined, { cookie: sessionCookieOf(res) ?? '' });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.json().user).toMatchObject({
      id: user.id,
      email: user.email,
      voteCount: 0,
      consentGiven: false,
    });
    expect(me.json().user.lastLoginAt).not.toBeNull();
  });

  it('gives a new session id at login and ends the one the browser held', async () => {
    const { user, password, cookie: oldCookie } = await createUser(t.db);
    const res = await json('POST', '/api/auth/login', { email: user.email, password }, { cookie: oldCookie });
    expect(sessionCookieOf(res)).not.toBe(oldCookie);
    expect((await json('GET', '/api/auth/me', undefined, { cookie: oldCookie })).statusCode).toBe(401);
  });

  it('locks an account after 10 failed logins in 15 minutes, even for the right password', async () => {
    const { user, password } = await createUser(t.db);
    for (let i = 0; i < 10; i++) {
      expect(
        (await json('POST', '/api/auth/login', { email: user.email, password: 'bad password' })).statusCode,
      ).toBe(401);
    }
    const locked = await json('POST', '/api/auth/login', { email: user.email, password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(AUTH_ERRORS.tooManyLogins);
    // The failures age out: older than the window, they no longer count.
    await t.db
      .update(failedLogins)
      .set({ at: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(failedLogins.email, user.email));
    expect((await json('POST', '/api/auth/login', { email: user.email, password })).statusCode).toBe(200);
  });

  it('lockout race: 100 parallel wrong passwords get at most 10 tries, and the right password is then refused', async () => {
    const { user, password } = await createUser(t.db);
    const attempts = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        json('POST', '/api/auth/login', { email: user.email, password: `wrong password ${i}` }),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOCKOUT_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(100 - LOCKOUT_MAX_FAILURES);
    for (const res of attempts.filter((r) => r.statusCode === 429))
      expect(res.json()).toEqual(AUTH_ERRORS.tooManyLogins);

    const right = await json('POST', '/api/auth/login', { email: user.email, password });
    expect(right.statusCode).toBe(429);
    expect(sessionCookieOf(right)).toBeUndefined();
  });

  it('refuses missing fields with 400', async () => {
    const res = await json('POST', '/api/auth/login', { email: 'a@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(AUTH_ERRORS.passwordRequired);
  });
});

describe('bearer token, me and logout', () => {
  it('accepts Authorization: Bearer like the cookie', async () => {
    const { user, token } = await createUser(t.db);
    const me = await json('GET', '/api/auth/me', undefined, { authorization: `Bearer ${token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  });

  it('answers 401 signed out, and for an unknown token', async () => {
    expect((await json('GET', '/api/auth/me')).statusCode).toBe(401);
    const bad = await json('GET', '/api/auth/me', undefined, { authorization: 'Bearer nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Not authenticated', code: 'auth.notAuthenticated' });
  });

  it('logout ends the current session only', async () => {
    const { user, cookie } = await createUser(t.db);
    const other = await json('POST', '/api/auth/login', {
      email: user.email,
      password: 'correct horse battery',
    });
    const res = await json('POST', '/api/auth/logout', undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'matchday_session')?.value).toBe('');
    expect((await json('GET', '/api/auth/me', undefined, { cookie })).statusCode).toBe(401);
    expect(
      (await json('GET', '/api/auth/me', undefined, { cookie: sessionCookieOf(other) ?? '' })).statusCode,
    ).toBe(200);
  });
});

describe('PATCH /api/user/:id/consent', () => {
  it('records consent with its time and the policy version, for the user themself only', async () => {
    const fan = await createUser(t.db);
    const other = await createUser(t.db);
    const url = `/api/user/${fan.user.id}/consent`;
    expect((await json('PATCH', url, { consentGiven: true })).statusCode).toBe(401);
    const forbidden = await json('PATCH', url, { consentGiven: true }, { cookie: other.cookie });
    expect(forbidden.statusCode).toBe(403);

    const res = await json(
      'PATCH',
      url,
      { consentGiven: true, geolocationConsent: true },
      { cookie: fan.cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: fan.user.id, consentGiven: true, geolocationConsent: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row?.consentAt).toBeInstanceOf(Date);
    expect(row?.consentPolicyVersion).toBe('2025-09-03');
  });

  it('refuses a body that does not fit with 400 and changes nothing', async () => {
    const fan = await createUser(t.db);
    const res = await json(
      'PATCH',
      `/api/user/${fan.user.id}/consent`,
      { consentGiven: 'yes' },
      { cookie: fan.cookie },
    );
    expect(res.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row?.consentGiven).toBe(false);
  });
});

describe('cross-site request forgery', () => {
  it('refuses state changes a browser marks as cross-site, and allows same-origin and non-browser clients', async () => {
    const { user, password } = await createUser(t.db);
    const body = { email: user.email, password };
    const evil = await json('POST', '/api/auth/login', body, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toMatch(/cross-site/i);
    const fetchMeta = await json('POST', '/api/auth/login', body, { 'sec-fetch-site': 'cross-site' });
    expect(fetchMeta.statusCode).toBe(403);
    expect((await json('POST', '/api/auth/login', body, { origin: 'http://matchday.test' })).statusCode).toBe(
      200,
    );
    expect(
      (await json('POST', '/api/auth/login', body, { 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
    expect((await json('POST', '/api/auth/login', body)).statusCode).toBe(200);
  });
});

describe('per-address rate limit', () => {
  it('answers 429 with a clear message past the limit', async () => {
    const limited = await createTestContext({ authRateLimit: { max: 3, timeWindow: 60_000 } });
    try {
      const call = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@example.com', password: 'x' },
        });
      for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(401);
      const res = await call();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject(AUTH_ERRORS.tooManyRequests);
    } finally {
      await limited.close();
    }
  });
});

describe('secure cookies', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestContext({ env: { PUBLIC_URL: 'https://ratings.example' } });
    try {
      const { user, password } = await createUser(secure.db);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
      });
      expect(res.cookies.find((c) => c.name === 'matchday_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('the fan’s language', () => {
  it('sign-up keeps the language asked for (else the browser’s) and writes the mails in it', async () => {
    const email = freshEmail();
    const res = await json(
      'POST',
      '/api/auth/register',
      { email, password: 'long enough', name: 'Zoé' },
      { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row?.locale).toBe('fr');
    const mail = t.outbox.at(-1);
    expect(mail?.subject).toMatch(/^Confirmez votre adresse e-mail pour les notes des joueurs de /);
    expect(mail?.text).toContain('Bonjour Zoé,');
    expect(mail?.html).toContain('Confirmer mon adresse e-mail');

    const arabic = freshEmail();
    await json('POST', '/api/auth/register', {
      email: arabic,
      password: 'long enough',
      name: 'Omar',
      locale: 'ar',
    });
    expect(t.outbox.at(-1)?.text).toContain('أكِّد عنوان بريدك الإلكتروني');
    const bad = await json('POST', '/api/auth/register', {
      email: freshEmail(),
      password: 'long enough',
      name: 'X',
      locale: 'xx',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('PUT /api/account/locale keeps a signed-in fan’s choice: /me carries it and the reset mail follows it', async () => {
    const email = freshEmail();
    const fan = await createUser(t.db, { email });
    const put = (locale: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account/locale',
        headers: { cookie: fan.cookie },
        payload: { locale },
      });
    expect((await put('es')).json()).toEqual({ locale: 'es' });
    const me = await json('GET', '/api/auth/me', undefined, { cookie: fan.cookie });
    expect(me.json().user.locale).toBe('es');
    const asked = await json('POST', '/api/auth/forgot-password', { email });
    expect(asked.statusCode).toBe(200);
    // The mail leaves after the answer, so the answer's timing says nothing about the account.
    await t.app.mailJobs.idle();
    expect(t.outbox.filter((m) => m.to === email).at(-1)?.subject).toMatch(
      /^Restablece tu contraseña de las valoraciones de jugadores de /,
    );
    const refused = await put('de');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('request.invalid');
  });
});
