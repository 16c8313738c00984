import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type NewsletterFixture,
  startNewsletterFixture,
} from '../../../../tests/fakes/newsletter-fixture-server';
import { client, createFan } from '../../../../tests/server/match-fixtures';
import {
  createTestContext,
  sessionCookieOf,
  signUpBrowser,
  type TestContext,
  tokenFromMail,
} from '../../../../tests/server/test-app';
import { newsletterQueue, users } from '../../db/schema';
import { createNewsletter, type Newsletter, retryDelayMs } from './newsletter.service';

const API_KEY = 'bh_test_0123456789abcdefKEY';
const PUBLICATION = 'pub_5f0c-test-publication';

let fixture: NewsletterFixture;
let t: TestContext;
let admin: Awaited<ReturnType<typeof createFan>>;
/** A worker of its own on the app's database, driven pass by pass (the app's own one polls every 30 s). */
let newsletter: Newsletter;

beforeAll(async () => {
  fixture = await startNewsletterFixture();
  t = await createTestContext({ env: { NEWSLETTER_API_URL: fixture.url } });
  admin = await createFan(t, { isAdmin: true });
  newsletter = createNewsletter(t.db, { apiUrl: fixture.url });
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});
beforeEach(() => {
  fixture.failWith(null);
  fixture.requests.length = 0;
});

let n = 0;
const freshEmail = () => `newsletter-fan-${++n}-${Date.now()}@example.com`;

/** One browser signs every fan up and follows their links, so each link keeps its password. */
const browser = signUpBrowser().cookie ?? '';

async function register(email: string, newsletterOptIn: boolean) {
  const res = await client(t, browser).post('/api/auth/register', {
    email,
    password: 'long enough password',
    name: 'Newsletter Fan',
    newsletterOptIn,
  });
  expect(res.status).toBe(201);
  return res;
}

async function confirm(email: string) {
  const mail = t.outbox.filter((m) => m.to === email).at(-1);
  expect((await client(t, browser).post('/api/auth/confirm', { token: tokenFromMail(mail) })).status).toBe(
    200,
  );
}

const queueOf = (email: string) =>
  t.db.select().from(newsletterQueue).where(eq(newsletterQueue.email, email));

async function configure() {
  const res = await admin.api.post('/api/admin/tracking', {
    beehiivApiKey: API_KEY,
    beehiivPublicationId: PUBLICATION,
  });
  expect(res.status).toBe(200);
}

describe('newsletter sign-ups', () => {
  it('keeps an opted-in sign-up pending while the provider is not configured', async () => {
    const email = freshEmail();
    await register(email, true);
    await confirm(email);
    expect(await newsletter.runOnce()).toEqual({ sent: 0, removed: 0, failed: 0, configured: false });
    expect(fixture.requests).toHaveLength(0);
    expect(await queueOf(email)).toMatchObject([{ status: 'pending', attempts: 0 }]);

    // Once the admin saves the key and publication, the waiting sign-up goes out.
    await configure();
    expect(await newsletter.runOnce()).toEqual({ sent: 1, removed: 0, failed: 0, configured: true });
    expect(fixture.requests.map((r) => r.body)).toEqual([
      { email, reactivate_existing: false, send_welcome_email: true },
    ]);
    expect(await queueOf(email)).toMatchObject([{ status: 'done', lastError: null }]);
  });

  it('subscribes an opted-in fan exactly once, after the e-mail is verified', async () => {
    const email = freshEmail();
    await register(email, true);
    // 'Sign Up Again' on the unverified account does not queue a second sign-up.
    await register(email, true);
    expect(await queueOf(email)).toHaveLength(1);

    // No one can subscribe an address they do not own: nothing is sent before verification.
    expect((await newsletter.runOnce()).sent).toBe(0);
    expect(fixture.requests).toHaveLength(0);

    // Signed up twice, so the link's follower states their own wish as they choose the password: the
    // first sign-up's may have been a stranger's.
    const mail = t.outbox.filter((m) => m.to === email).at(-1);
    const confirmed = await client(t, browser).post<{ choosePasswordToken: string }>('/api/auth/confirm', {
      token: tokenFromMail(mail),
    });
    expect(confirmed.status).toBe(200);
    expect((await newsletter.runOnce()).sent).toBe(0);
    const chosen = await client(t).post('/api/auth/reset-password', {
      token: confirmed.body.choosePasswordToken,
      password: 'the owner password',
      name: 'Newsletter Fan',
      newsletterOptIn: true,
    });
    expect(chosen.status).toBe(200);
    expect(await queueOf(email)).toHaveLength(1);
    expect(await newsletter.runOnce()).toEqual({ sent: 1, removed: 0, failed: 0, configured: true });
    expect(fixture.requests).toEqual([
      {
        method: 'POST',
        url: `/publications/${PUBLICATION}/subscriptions`,
        authorization: `Bearer ${API_KEY}`,
        contentType: 'application/json',
        body: { email, reactivate_existing: false, send_welcome_email: true },
      },
    ]);
    expect(await queueOf(email)).toMatchObject([{ status: 'done', attempts: 0 }]);

    // Nothing is sent twice.
    expect((await newsletter.runOnce()).sent).toBe(0);
    expect(fixture.requests).toHaveLength(1);
  });

  it('sends nothing for a fan who did not opt in', async () => {
    const email = freshEmail();
    await register(email, false);
    await confirm(email);
    expect(await queueOf(email)).toHaveLength(0);
    expect((await newsletter.runOnce()).sent).toBe(0);
    expect(fixture.requests).toHaveLength(0);
  });

  it('keeps the choice the account was made with: signing up again before verifying changes nothing', async () => {
    const email = freshEmail();
    await register(email, false);
    // An unauthenticated request never changes an existing account, its newsletter choice included.
    await register(email, true);
    await confirm(email);
    expect(await queueOf(email)).toEqual([]);
    expect((await newsletter.runOnce()).sent).toBe(0);
    expect(fixture.requests).toHaveLength(0);
  });

  it('never fails the sign-up when the provider fails, and retries later with backoff', async () => {
    fixture.failWith(503);
    const email = freshEmail();
    const before = Date.now();
    await register(email, true);
    await confirm(email);

    expect(await newsletter.runOnce()).toEqual({ sent: 0, removed: 0, failed: 1, configured: true });
    expect(fixture.requests).toHaveLength(1);
    const [row] = await queueOf(email);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('HTTP 503');
    // First retry one minute later.
    const wait = (row?.nextAttemptAt.getTime() ?? 0) - before;
    expect(wait).toBeGreaterThanOrEqual(55_000);
    expect(wait).toBeLessThan(5 * 60_000);

    // Not due yet: nothing is tried.
    expect((await newsletter.runOnce()).failed).toBe(0);
    expect(fixture.requests).toHaveLength(1);

    // Due, and the provider is back: subscribed.
    fixture.failWith(null);
    await t.db
      .update(newsletterQueue)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterQueue.email, email));
    expect(await newsletter.runOnce()).toEqual({ sent: 1, removed: 0, failed: 0, configured: true });
    expect(fixture.requests).toHaveLength(2);
    expect(await queueOf(email)).toMatchObject([{ status: 'done', attempts: 1, lastError: null }]);
  });

  it('gives up after the last attempt', async () => {
    fixture.failWith(500);
    const email = freshEmail();
    await register(email, true);
    await confirm(email);
    const impatient = createNewsletter(t.db, { apiUrl: fixture.url, maxAttempts: 3, backoffMs: 0 });
    for (let i = 0; i < 3; i++) expect((await impatient.runOnce()).failed).toBe(1);
    expect(await queueOf(email)).toMatchObject([{ status: 'failed', attempts: 3 }]);
    expect((await impatient.runOnce()).failed).toBe(0);
    expect(fixture.requests).toHaveLength(3);
  });

  it('counts an unreachable provider as a failure', async () => {
    const email = freshEmail();
    await register(email, true);
    await confirm(email);
    const closed = await startNewsletterFixture();
    await closed.close();
    const unreachable = createNewsletter(t.db, { apiUrl: closed.url });
    expect(await unreachable.runOnce()).toEqual({ sent: 0, removed: 0, failed: 1, configured: true });
    expect((await queueOf(email))[0]?.lastError).toContain('ECONNREFUSED');
    await t.db
      .update(newsletterQueue)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterQueue.email, email));
    expect((await newsletter.runOnce()).sent).toBe(1);
  });

  it('sends each sign-up once when two workers run at the same moment', async () => {
    const emails = [freshEmail(), freshEmail(), freshEmail(), freshEmail()];
    for (const email of emails) {
      await register(email, true);
      await confirm(email);
    }
    const other = createNewsletter(t.db, { apiUrl: fixture.url, batchSize: 1 });
    const own = createNewsletter(t.db, { apiUrl: fixture.url, batchSize: 1 });
    const [a, b] = await Promise.all([own.runOnce(), other.runOnce()]);
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(4);
    expect(fixture.requests.map((r) => (r.body as { email: string }).email).sort()).toEqual(
      [...emails].sort(),
    );
  });

  it('polls on its own once started, and stop() waits for the running pass', async () => {
    const email = freshEmail();
    await register(email, true);
    await confirm(email);
    const worker = createNewsletter(t.db, { apiUrl: fixture.url, pollMs: 20 });
    worker.start();
    const deadline = Date.now() + 10_000;
    while (fixture.requests.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    expect(fixture.requests).toHaveLength(1);
    expect(await queueOf(email)).toMatchObject([{ status: 'done' }]);
  });

  it('drops the queued sign-up with the account', async () => {
    const email = freshEmail();
    await register(email, true);
    expect(await queueOf(email)).toHaveLength(1);
    await t.db.delete(users).where(eq(users.email, email));
    expect(await queueOf(email)).toHaveLength(0);
  });
});

const PASSWORD = 'long enough password';

async function userIdOf(email: string): Promise<string> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/** The fan deletes their own account, signed in. */
async function deleteOwnAccount(email: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/user/${await userIdOf(email)}`,
    headers: { cookie: sessionCookieOf(login) ?? '' },
  });
  expect(res.statusCode).toBe(200);
}

/** A verified, opted-in fan whose sign-up reached the provider. */
async function subscribedFan(email = freshEmail()) {
  await configure();
  await register(email, true);
  await confirm(email);
  expect((await newsletter.runOnce()).sent).toBe(1);
  expect(fixture.subscribers()).toContain(email);
  fixture.requests.length = 0;
  return email;
}

const makeDue = (email: string) =>
  t.db
    .update(newsletterQueue)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(newsletterQueue.email, email));

describe('a deleted fan', () => {
  it('is taken off the provider in one pass, and no row keeps the e-mail', async () => {
    // A '+' must reach the provider encoded, or it would look up another address.
    const email = await subscribedFan(`leaver+${++n}-${Date.now()}@example.com`);
    await deleteOwnAccount(email);
    // The account is gone; only the removal, with no link to it, holds the address until it is done.
    expect(await queueOf(email)).toMatchObject([{ kind: 'unsubscribe', userId: null, status: 'pending' }]);

    expect(await newsletter.runOnce()).toEqual({ sent: 0, removed: 1, failed: 0, configured: true });
    const subscription = `/publications/${PUBLICATION}/subscriptions`;
    expect(fixture.requests.map((r) => [r.method, r.url, r.authorization])).toEqual([
      ['GET', `${subscription}/by_email/${encodeURIComponent(email)}`, `Bearer ${API_KEY}`],
      ['DELETE', expect.stringMatching(new RegExp(`^${subscription}/sub_\\w+$`)), `Bearer ${API_KEY}`],
    ]);
    expect(fixture.subscribers()).not.toContain(email);
    expect(await queueOf(email)).toEqual([]);

    // Nothing more to do.
    expect((await newsletter.runOnce()).removed).toBe(0);
    expect(fixture.requests).toHaveLength(2);
  });

  it('retries the removal while the provider fails, then removes', async () => {
    const email = await subscribedFan();
    await deleteOwnAccount(email);
    fixture.failWith(503);
    expect(await newsletter.runOnce()).toEqual({ sent: 0, removed: 0, failed: 1, configured: true });
    const [row] = await queueOf(email);
    expect(row).toMatchObject({ kind: 'unsubscribe', status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('HTTP 503');
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(fixture.subscribers()).toContain(email);

    // Not due yet.
    expect((await newsletter.runOnce()).failed).toBe(0);

    fixture.failWith(null);
    await makeDue(email);
    expect(await newsletter.runOnce()).toEqual({ sent: 0, removed: 1, failed: 0, configured: true });
    expect(fixture.subscribers()).not.toContain(email);
    expect(await queueOf(email)).toEqual([]);
  });

  it('keeps a removal the provider keeps refusing as failed', async () => {
    const email = await subscribedFan();
    await deleteOwnAccount(email);
    fixture.failWith(500);
    const impatient = createNewsletter(t.db, { apiUrl: fixture.url, maxAttempts: 2, backoffMs: 0 });
    for (let i = 0; i < 2; i++) expect((await impatient.runOnce()).failed).toBe(1);
    expect(await queueOf(email)).toMatchObject([{ kind: 'unsubscribe', status: 'failed', attempts: 2 }]);
    expect((await impatient.runOnce()).failed).toBe(0);
  });

  it('is done without a DELETE when the provider does not hold the address', async () => {
    // The sign-up failed once: the provider may have acted on it, so a removal is queued all the same.
    await configure();
    const email = freshEmail();
    await register(email, true);
    await confirm(email);
    fixture.failWith(500);
    expect((await newsletter.runOnce()).failed).toBe(1);
    fixture.failWith(null);
    fixture.requests.length = 0;
    await deleteOwnAccount(email);
    expect(await queueOf(email)).toMatchObject([{ kind: 'unsubscribe', status: 'pending' }]);
    // It waits out the lease of a sign-up that may still be in flight.
    expect((await newsletter.runOnce()).removed).toBe(0);

    await makeDue(email);
    expect(await newsletter.runOnce()).toEqual({ sent: 0, removed: 1, failed: 0, configured: true });
    expect(fixture.requests.map((r) => r.method)).toEqual(['GET']);
    expect(await queueOf(email)).toEqual([]);
  });

  it('is never subscribed when the sign-up was not sent yet', async () => {
    await configure();
    const email = freshEmail();
    await register(email, true);
    await confirm(email);
    await deleteOwnAccount(email);
    // The queued sign-up went with the account; no provider call is owed.
    expect(await queueOf(email)).toEqual([]);
    expect(await newsletter.runOnce()).toEqual({ sent: 0, removed: 0, failed: 0, configured: true });
    expect(fixture.requests).toHaveLength(0);
    expect(fixture.subscribers()).not.toContain(email);
  });

  it('deleted by an admin is taken off the provider the same way', async () => {
    const email = await subscribedFan();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${await userIdOf(email)}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await newsletter.runOnce()).removed).toBe(1);
    expect(fixture.subscribers()).not.toContain(email);
    expect(await queueOf(email)).toEqual([]);
  });

  it('signing up again with the address, is subscribed only after the old removal', async () => {
    const email = await subscribedFan();
    await deleteOwnAccount(email);
    await register(email, true);
    await confirm(email);
    expect(await newsletter.runOnce()).toEqual({ sent: 0, removed: 1, failed: 0, configured: true });
    expect(await newsletter.runOnce()).toEqual({ sent: 1, removed: 0, failed: 0, configured: true });
    expect(fixture.requests.map((r) => r.method)).toEqual(['GET', 'DELETE', 'POST']);
    expect(fixture.subscribers()).toContain(email);
  });
});

it('waits a minute after the first failure, doubling, at most 6 hours', () => {
  expect(retryDelayMs(1)).toBe(60_000);
  expect(retryDelayMs(2)).toBe(120_000);
  expect(retryDelayMs(7)).toBe(64 * 60_000);
  expect(retryDelayMs(12)).toBe(6 * 60 * 60_000);
});
