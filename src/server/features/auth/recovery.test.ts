import { AUTH_ERRORS, AUTH_MESSAGES } from '@shared/auth';
import { LIVE_CLOSE_RECONNECT } from '@shared/live';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, openLive } from '../../../../tests/server/live-client';
import {
  createTestContext,
  createUser,
  sessionCookieOf,
  signUpBrowser,
  type TestContext,
  tokenFromMail,
} from '../../../../tests/server/test-app';
import { emailVerifications, mailQuota, passwordResets, users } from '../../db/schema';
import type { MailMessage } from '../../lib/mailer';
import { hashToken } from '../../lib/tokens';
import { MAILS_PER_HOUR } from './auth-links';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
/** Recovery mail goes out after the answer: wait for it. */
const settled = () => t.app.mailJobs.idle();
const mailsTo = (email: string) => t.outbox.filter((m) => m.to === email);

let n = 0;
const freshEmail = (label = 'fan') => `${label}-${++n}-${Date.now()}@example.com`;

const resetTokenFrom = (mail: MailMessage | undefined): string => {
  const match = mail?.text.match(/http:\/\/matchday\.test\/reset-password\?token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error('no reset link in mail');
  return decodeURIComponent(match[1]);
};

async function signUp(email: string, name = 'Ada', browser: Record<string, string> = {}) {
  const res = await post('/api/auth/register', { email, password: 'long enough', name }, browser);
  expect(res.statusCode).toBe(201);
  return tokenFromMail(mailsTo(email).at(-1));
}

async function resetLinkFor(email: string): Promise<string> {
  const res = await post('/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  await settled();
  return resetTokenFrom(mailsTo(email).at(-1));
}

const RESET_REQUESTED = { success: true, message: AUTH_MESSAGES.resetRequested };
const VERIFICATION_RESENT = { success: true, message: AUTH_MESSAGES.verificationResent };

describe('mail flooding', () => {
  it('mail flooding: a new verification link retires every older one', async () => {
    const email = freshEmail();
    const first = await signUp(email);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(200);
    await settled();
    const second = tokenFromMail(mailsTo(email).at(-1));
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(200);
    await settled();
    const third = tokenFromMail(mailsTo(email).at(-1));
    expect(new Set([first, second, third]).size).toBe(3);

    const live = await t.db
      .select()
      .from(emailVerifications)
      .where(and(eq(emailVerifications.userId, user?.id ?? ''), isNull(emailVerifications.usedAt)));
    expect(live.map((l) => l.tokenHash)).toEqual([hashToken(third)]);
    for (const old of [first, second]) {
      const res = await post('/api/auth/confirm', { token: old });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(AUTH_ERRORS.badToken);
    }
    expect((await post('/api/auth/confirm', { token: third })).statusCode).toBe(200);
  });

  it('mail flooding: at most 3 mails an hour reach an address, the first sign-up mail included, and every answer stays the same', async () => {
    const email = freshEmail();
    const registered = await post('/api/auth/register', { email, password: 'long enough', name: 'Ada' });
    expect(registered.statusCode).toBe(201);
    const resend = async () => {
      const res = await post('/api/auth/resend-verification', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(VERIFICATION_RESENT);
      await settled();
    };
    const registerAgain = async () => {
      const res = await post('/api/auth/register', { email, password: 'long enough', name: 'Ada' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual(registered.json());
    };
    await resend();
    await registerAgain();
    expect(mailsTo(email)).toHaveLength(MAILS_PER_HOUR);

    // Over the limit: the same answers, no mail.
    await registerAgain();
    for (let i = 0; i < 5; i++) await resend();
    expect(mailsTo(email)).toHaveLength(MAILS_PER_HOUR);
    // The last mailed link still works: refused requests retire nothing.
    const lastLink = tokenFromMail(mailsTo(email).at(-1));

    // Once the hour is over, mail flows again.
    await t.db
      .update(mailQuota)
      .set({ windowStart: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(mailQuota.email, email));
    await resend();
    expect(mailsTo(email)).toHaveLength(MAILS_PER_HOUR + 1);
    expect(tokenFromMail(mailsTo(email).at(-1))).not.toBe(lastLink);
    const [quota] = await t.db.select().from(mailQuota).where(eq(mailQuota.email, email));
    expect(quota?.count).toBe(1);
  });

  it('mail flooding: tagged spellings of one mailbox (fan+0@ … fan+9@, Gmail dots) share its hourly limit', async () => {
    const stamp = `${++n}${Date.now()}`;
    const mailbox = `flood${stamp}@example.com`;
    for (let i = 0; i < 10; i += 1) {
      const res = await post('/api/auth/register', {
        email: `flood${stamp}+${i}@example.com`,
        password: 'long enough',
        name: 'Ada',
      });
      // The same answer for every sign-up: whether a mail went out is not told.
      expect(res.statusCode).toBe(201);
    }
    await settled();
    const reached = (local: string, domain: string) =>
      t.outbox.filter((m) => m.to.endsWith(`@${domain}`) && m.to.split('@')[0]?.startsWith(local));
    expect(reached(`flood${stamp}`, 'example.com')).toHaveLength(MAILS_PER_HOUR);
    const [quota] = await t.db.select().from(mailQuota).where(eq(mailQuota.email, mailbox));
    expect(quota?.count).toBe(10);

    // Gmail delivers every dotted spelling, and googlemail.com, to one inbox.
    const gmail = `gm${stamp}`;
    const spellings = [
      `${gmail}@gmail.com`,
      `g.m${stamp}@gmail.com`,
      `g.m.${stamp}+x@googlemail.com`,
      `G.M${stamp}@Gmail.com`,
    ];
    for (const email of spellings)
      expect(
        (await post('/api/auth/register', { email, password: 'long enough', name: 'Ada' })).statusCode,
      ).toBe(201);
    await settled();
    expect(
      t.outbox.filter((m) => spellings.map((e) => e.toLowerCase()).includes(m.to.toLowerCase())),
    ).toHaveLength(MAILS_PER_HOUR);
  });

  it('mail flooding: parallel requests for one address on every instance cannot pass the hourly limit', async () => {
    const { user } = await createUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/auth/forgot-password', { email: user.email })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    await settled();
    expect(mailsTo(user.email)).toHaveLength(MAILS_PER_HOUR);
    // One live link: the others were retired as each new one was issued.
    const live = await t.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    expect(live).toHaveLength(1);
  });

  it('mail flooding: a name that looks like a link never reaches the mail, as text or as a link', async () => {
    const evil = 'Win a prize at https://evil.example www.evil.example';
    const email = freshEmail();
    await signUp(email, evil);
    const { user } = await createUser(t.db, { name: 'Mail me at prize@evil.example or evil.example' });
    await resetLinkFor(user.email);
    const mails = [...mailsTo(email), ...mailsTo(user.email)];
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      for (const part of [mail.text, mail.html, mail.subject]) {
        expect(part).not.toMatch(/evil|www\.|prize|https:/i);
        expect(part).toMatch(/^Hi,|<p>Hi,<\/p>|Confirm|Reset/);
      }
      // The only link in the HTML is ours.
      expect([...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => new URL(m[1] ?? '').host)).toEqual([
        'matchday.test',
      ]);
    }

    // A plain name is kept, escaped in the HTML part.
    const plain = freshEmail();
    await signUp(plain, "Zoë O'Neil-Smith");
    const mail = mailsTo(plain).at(-1);
    expect(mail?.text).toMatch(/^Hi Zoë O'Neil-Smith,/);
    expect(mail?.html).toContain('<p>Hi Zoë O&#39;Neil-Smith,</p>');
    // Markup is no plain name: left out, never rendered.
    const marked = freshEmail();
    await signUp(marked, '<a href="https://evil.example">Ada</a>');
    expect(mailsTo(marked).at(-1)?.html).not.toMatch(/evil|<a href="https:/);
  });
});

describe("the club's colours in the mails", () => {
  it('draws the band in the dark colour and the button in the primary, its text readable on it', async () => {
    const button = (html: string | undefined) => html?.match(/<a href="[^"]+" style="([^"]+)">/)?.[1] ?? '';
    const red = freshEmail();
    await signUp(red);
    const redMail = mailsTo(red).at(-1)?.html;
    expect(button(redMail)).toContain('background:#da291c;color:#ffffff');
    expect(redMail).toMatch(/^<p style="[^"]*background:#1a1a1a;color:#ffffff[^"]*">Manchester United<\/p>/);

    const admin = await createUser(t.db, { isAdmin: true, consent: true });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/customization',
      headers: { cookie: admin.cookie },
      payload: { primaryColour: '#fdb913', secondaryColour: '#000000' },
    });
    expect(saved.statusCode).toBe(200);
    const gold = freshEmail();
    await signUp(gold);
    const { user } = await createUser(t.db);
    await resetLinkFor(user.email);
    for (const mail of [mailsTo(gold).at(-1), mailsTo(user.email).at(-1)]) {
      if (!mail) throw new Error('no mail');
      // Gold is too pale for a button on white: a darker gold, with dark text that reads on it.
      expect(button(mail.html)).toMatch(/background:#[0-9a-f]{6};color:#1a1a1a/);
      expect(button(mail.html)).not.toContain('#da291c');
      expect(mail.html).toMatch(/^<p style="[^"]*background:#000000;/);
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/customization',
      headers: { cookie: admin.cookie },
      payload: { primaryColour: null, secondaryColour: null },
    });
  });
});

describe('forgot password', () => {
  it('forgot password: the same answer for every address, and a one-hour single-use link only to a verified account', async () => {
    const unknown = freshEmail('nobody');
    const unverified = freshEmail('pending');
    await signUp(unverified);
    const verified = await createUser(t.db);
    const social = await createUser(t.db);
    await t.db
      .update(users)
      .set({ passwordHash: null, oauthSubject: `google-${Date.now()}` })
      .where(eq(users.id, social.user.id));

    const answers = [];
    for (const email of [unknown, unverified, verified.user.email.toUpperCase(), social.user.email])
      answers.push(await post('/api/auth/forgot-password', { email }));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(RESET_REQUESTED);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    await settled();

    expect(mailsTo(unknown)).toEqual([]);
    expect(mailsTo(unverified).map((m) => m.subject)).toEqual([expect.stringMatching(/^Confirm/)]);
    for (const fan of [verified, social]) {
      const mails = mailsTo(fan.user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toMatch(/^Reset your password/);
      const token = resetTokenFrom(mails[0]);
      // Only the digest is stored, valid for one hour.
      const [stored] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, fan.user.id));
      expect(stored?.tokenHash).toBe(hashToken(token));
      const ttl = (stored?.expiresAt.getTime() ?? 0) - Date.now();
      expect(ttl).toBeGreaterThan(55 * 60 * 1000);
      expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);
    }

    // The social-only account proves its mailbox and so may set a password.
    const token = resetTokenFrom(mailsTo(social.user.email)[0]);
    expect(
      (await post('/api/auth/reset-password', { token, password: 'my first password' })).statusCode,
    ).toBe(200);
    expect((await login(social.user.email, 'my first password')).statusCode).toBe(200);
  });

  it('forgot password: the answer never waits for the mail, so every address is answered alike and at once', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: MailMessage[] = [];
    const slow = await createTestContext({
      mailer: {
        send: async (message) => {
          await gate;
          sent.push(message);
        },
        close: () => {},
      },
    });
    try {
      const { user } = await createUser(slow.db);
      const ask = (email: string) =>
        slow.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      const known = await ask(user.email);
      const unknown = await ask('nobody-at-all@example.com');
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.body).toBe(unknown.body);
      // Both answered while the known address's mail was still waiting to go out.
      expect(sent).toEqual([]);
      release();
      await slow.app.mailJobs.idle();
      expect(sent.map((m) => m.to)).toEqual([user.email]);
    } finally {
      release();
      await slow.close();
    }
  });

  it('forgot password: reset sets the password, ends every session and open socket, lifts the lockout, and does not sign in', async () => {
    const fan = await createUser(t.db);
    const other = await login(fan.user.email, fan.password);
    const otherCookie = sessionCookieOf(other) ?? '';
    const base = await listen(t.app);
    const socket = await openLive(base, { cookie: fan.cookie });
    try {
      await socket.next('connection_established');
      // Locked out by someone guessing.
      for (let i = 0; i < 10; i++) await login(fan.user.email, 'guessed wrong');
      expect((await login(fan.user.email, fan.password)).statusCode).toBe(429);

      const token = await resetLinkFor(fan.user.email);
      const res = await post('/api/auth/reset-password', { token, password: 'a brand new password' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordReset });
      expect(sessionCookieOf(res)).toBeUndefined();

      // Every session is over, and the open socket is told to reconnect (signed out).
      expect((await me(fan.cookie)).statusCode).toBe(401);
      expect((await me(otherCookie)).statusCode).toBe(401);
      expect((await socket.closed).code).toBe(LIVE_CLOSE_RECONNECT);

      const [row] = await t.db.select().from(users).where(eq(users.id, fan.user.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect((await login(fan.user.email, 'a brand new password')).statusCode).toBe(200);
      expect((await login(fan.user.email, fan.password)).statusCode).toBe(401);

      // Single use.
      const again = await post('/api/auth/reset-password', { token, password: 'yet another password' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(AUTH_ERRORS.badResetToken);
    } finally {
      socket.close();
    }
  });

  it('forgot password: a used, expired or unknown link is refused with 400, and a newer link retires the older', async () => {
    const fan = await createUser(t.db);
    const older = await resetLinkFor(fan.user.email);
    const newer = await resetLinkFor(fan.user.email);
    const refused = async (token: string) => {
      const res = await post('/api/auth/reset-password', { token, password: 'an attacker password' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(AUTH_ERRORS.badResetToken);
    };
    await refused(older);
    await refused('not-a-real-token');
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(newer)));
    await refused(newer);

    const short = await post('/api/auth/reset-password', { token: newer, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual(AUTH_ERRORS.passwordTooShort);
    const missing = await post('/api/auth/reset-password', { password: 'long enough' });
    expect(missing.json()).toEqual(AUTH_ERRORS.badResetToken);

    // Nothing changed: the old password and session still work.
    expect((await me(fan.cookie)).statusCode).toBe(200);
    expect((await login(fan.user.email, fan.password)).statusCode).toBe(200);
  });
});

describe('resend verification', () => {
  it('resend verification: the same answer for every address, and a fresh link only to an unverified account', async () => {
    const unknown = freshEmail('nobody');
    const pending = freshEmail('pending');
    // Asked again from the browser that signed up: the fresh link keeps the password chosen there.
    const browser = signUpBrowser();
    const oldLink = await signUp(pending, 'Ada', browser);
    const verified = await createUser(t.db);

    for (const email of [unknown, verified.user.email, pending.toUpperCase()]) {
      const res = await post('/api/auth/resend-verification', { email }, browser);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(VERIFICATION_RESENT);
    }
    await settled();
    expect(mailsTo(unknown)).toEqual([]);
    expect(mailsTo(verified.user.email)).toEqual([]);
    expect(mailsTo(pending)).toHaveLength(2);
    const freshLink = tokenFromMail(mailsTo(pending).at(-1));
    expect(mailsTo(pending).at(-1)?.text).toContain('http://matchday.test/confirm?token=');

    expect((await post('/api/auth/confirm', { token: oldLink }, browser)).statusCode).toBe(400);
    const confirmed = await post('/api/auth/confirm', { token: freshLink }, browser);
    expect(confirmed.statusCode).toBe(200);
    expect((await me(sessionCookieOf(confirmed) ?? '')).statusCode).toBe(200);

    // Verified now: nothing more is sent.
    await post('/api/auth/resend-verification', { email: pending });
    await settled();
    expect(mailsTo(pending)).toHaveLength(2);
  });

  it('a new link asked for from a browser that did not sign up keeps no password: its follower chooses one', async () => {
    const email = freshEmail('asked-elsewhere');
    await signUp(email, 'Ada', signUpBrowser());
    // Someone else's browser, with a sign-up cookie of its own, asks for the mail again.
    const elsewhere = signUpBrowser();
    await post(
      '/api/auth/register',
      { email: freshEmail('own'), password: 'long enough', name: 'Eve' },
      elsewhere,
    );
    await post('/api/auth/resend-verification', { email }, elsewhere);
    await settled();
    const confirmed = await post(
      '/api/auth/confirm',
      { token: tokenFromMail(mailsTo(email).at(-1)) },
      elsewhere,
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: AUTH_MESSAGES.choosePassword });
    expect(sessionCookieOf(confirmed)).toBeUndefined();
    expect((await login(email, 'long enough')).statusCode).toBe(401);
  });

  it('refuses a body that is not an address with 400', async () => {
    for (const url of ['/api/auth/resend-verification', '/api/auth/forgot-password']) {
      const res = await post(url, { email: 'not-an-email' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(AUTH_ERRORS.invalidEmail);
    }
  });
});
