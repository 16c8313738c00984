import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AccountExport, accountExport } from '@shared/account';
import { LIVE_CLOSE_RECONNECT } from '@shared/live';
import { and, avg, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, openLive } from '../../../../tests/server/live-client';
import { createFan, type LiveMatch, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, sessionCookieOf, type TestContext } from '../../../../tests/server/test-app';
import {
  emailVerifications,
  failedLogins,
  mailQuota,
  newsletterQueue,
  passwordResets,
  ratings,
  sessions,
  users,
  userVotes,
} from '../../db/schema';

let t: TestContext;
let live: LiveMatch;
let outboxDir: string;
let dataDir: string;

beforeAll(async () => {
  // The app's own mailer, writing to DATA_DIR/outbox: deletion and the purge must reach those files.
  dataDir = mkdtempSync(path.join(tmpdir(), 'matchday-account-'));
  outboxDir = path.join(dataDir, 'outbox');
  t = await createTestContext({ mailer: 'real', env: { DATA_DIR: dataDir } });
  live = await setupLiveMatch(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const mailsTo = (email: string) =>
  readdirSync(outboxDir).filter((f) => readFileSync(path.join(outboxDir, f), 'utf8').includes(email));

async function call<T = { message: string }>(
  cookie: string | undefined,
  method: 'GET' | 'DELETE',
  url: string,
) {
  const res = await t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T, headers: res.headers };
}

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

/** A fan who consented, rated every available player and cast a final vote. */
async function activeFan(rating = 8) {
  const fan = await createFan(t);
  await fan.api.patch(`/api/user/${fan.user.id}/consent`, { consentGiven: true, geolocationConsent: true });
  await voteAll(fan, live, rating);
  return fan;
}

describe('GET /api/user/:id/export', () => {
  it('gives the fan everything we hold about them, as a dated attachment, and no secret', async () => {
    const fan = await activeFan(7);
    const res = await call<AccountExport>(fan.cookie, 'GET', `/api/user/${fan.user.id}/export`);
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="matchday-data-${today}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(accountExport.strict().safeParse(res.body).success).toBe(true);

    const data = res.body;
    expect(Object.keys(data).sort()).toEqual(
      [
        'consent',
        'exportedAt',
        'privacyPolicyVersion',
        'profile',
        'pushSubscriptions',
        'ratings',
        'votes',
      ].sort(),
    );
    expect(Object.keys(data.profile).sort()).toEqual(
      [
        'avatar',
        'createdAt',
        'email',
        'emailVerified',
        'id',
        'isAdmin',
        'lastLoginAt',
        'name',
        'newsletterOptIn',
        'signInMethods',
      ].sort(),
    );
    expect(data.profile).toMatchObject({
      id: fan.user.id,
      name: fan.user.name,
      email: fan.user.email,
      isAdmin: false,
      newsletterOptIn: false,
      signInMethods: ['password'],
    });
    expect(data.privacyPolicyVersion).toBe('2025-09-03');
    expect(data.consent).toMatchObject({ given: true, geolocation: true, policyVersion: '2025-09-03' });
    expect(Date.parse(data.consent.at ?? '')).not.toBeNaN();

    expect(data.ratings).toHaveLength(live.available.length);
    const first = data.ratings.find((r) => r.playerId === live.starters[0]?.id);
    expect(first).toMatchObject({
      matchId: live.match.id,
      matchTitle: live.match.title,
      playerName: live.starters[0]?.name,
      rating: 7,
    });
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        'createdAt',
        'matchDate',
        'matchId',
        'matchTitle',
        'playerId',
        'playerName',
        'rating',
        'updatedAt',
      ].sort(),
    );
    expect(data.votes).toEqual([
      {
        matchId: live.match.id,
        matchTitle: live.match.title,
        matchDate: live.match.scheduledDate ?? null,
        motmPlayerId: live.starters[0]?.id,
        motmPlayerName: live.starters[0]?.name,
        isFinal: true,
        atGround: null,
        createdAt: expect.any(String),
      },
    ]);

    const [row] = await t.db.select().from(users).where(eq(users.id, fan.user.id));
    const text = JSON.stringify(data);
    expect(text).not.toContain(row?.passwordHash ?? 'no-hash');
    expect(text).not.toMatch(/passwordHash|argon2|oauthSubject|tokenHash/);
  });

  it('holds only the fan: another fan gets 403, an admin may read it, anonymous gets 401', async () => {
    const fan = await activeFan();
    const other = await createFan(t);
    const url = `/api/user/${fan.user.id}/export`;
    const refused = await call(other.cookie, 'GET', url);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only download your own data');
    expect((await call(undefined, 'GET', url)).status).toBe(401);
    const asAdmin = await call<AccountExport>(live.admin.cookie, 'GET', url);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.profile.id).toBe(fan.user.id);
    expect(asAdmin.body.ratings).toHaveLength(live.available.length);
    // The other fan's own export holds nothing of the first.
    const own = await call<AccountExport>(other.cookie, 'GET', `/api/user/${other.user.id}/export`);
    expect(own.body.ratings).toEqual([]);
    expect(own.body.votes).toEqual([]);
    expect((await call(other.cookie, 'GET', '/api/user/nope/export')).status).toBe(400);
  });
});

describe('PATCH /api/user/:id/consent (the consent record)', () => {
  it('clears the time and version when consent is withdrawn, and records them again when given', async () => {
    const fan = await createFan(t);
    const url = `/api/user/${fan.user.id}/consent`;
    expect((await fan.api.patch(url, { consentGiven: true, geolocationConsent: true })).status).toBe(200);
    expect((await fan.api.patch(url, { consentGiven: false, geolocationConsent: true })).status).toBe(200);
    const [withdrawn] = await t.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(withdrawn).toMatchObject({
      consentGiven: false,
      geolocationConsent: false,
      consentAt: null,
      consentPolicyVersion: null,
    });
    expect((await fan.api.patch(url, { consentGiven: true })).status).toBe(200);
    const [again] = await t.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(again).toMatchObject({
      consentGiven: true,
      geolocationConsent: false,
      consentPolicyVersion: '2025-09-03',
    });
    expect(again?.consentAt).toBeInstanceOf(Date);
  });
});

describe('DELETE /api/user/:id', () => {
  const figures = async () => {
    const [r] = await t.db
      .select({ n: count(), average: avg(ratings.rating) })
      .from(ratings)
      .where(eq(ratings.matchId, live.match.id));
    const [v] = await t.db.select({ n: count() }).from(userVotes).where(eq(userVotes.matchId, live.match.id));
    const board = await call<{ id: number; averageRating: number; ratingCount: number }[]>(
      live.admin.cookie,
      'GET',
      `/api/leaderboard/match/${live.match.id}`,
    );
    return {
      ratings: r?.n,
      average: r?.average,
      votes: v?.n,
      leaderboard: board.body.map((p) => [p.id, p.averageRating, p.ratingCount]),
    };
  };

  it('removes the fan and their personal data at once, keeping their ratings and vote anonymous', async () => {
    await activeFan(4);
    const email = `leaver-${Date.now()}@example.com`;
    const fan = await activeFan(9);
    await t.db.update(users).set({ email }).where(eq(users.id, fan.user.id));
    const second = await login(email, fan.password);
    expect(second.statusCode).toBe(200);
    // A failed sign-in, a pending verification link, a newsletter entry and a mail hold the address.
    expect((await login(email, 'wrong password')).statusCode).toBe(401);
    await t.db.insert(emailVerifications).values({
      tokenHash: `leaver-${Date.now()}`,
      userId: fan.user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await t.db.insert(newsletterQueue).values({ userId: fan.user.id, email });
    await t.db.insert(passwordResets).values({
      tokenHash: `leaver-reset-${Date.now()}`,
      userId: fan.user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await t.db.insert(mailQuota).values({ email, count: 1 });
    mkdirSync(outboxDir, { recursive: true });
    const theirMail = path.join(outboxDir, `${Date.now()}-leaver.eml`);
    writeFileSync(theirMail, `From: club@example.com\nTo: ${email.toUpperCase()}\nSubject: Hi\n\nHello`);
    const otherMail = path.join(outboxDir, `${Date.now()}-other.eml`);
    writeFileSync(otherMail, `From: club@example.com\nTo: someone@example.com\nSubject: Hi\n\nTo: ${email}`);
    const before = await figures();

    const res = await call(fan.cookie, 'DELETE', `/api/user/${fan.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Account deleted' });
    expect(String(res.headers['set-cookie'])).toMatch(/matchday_session=;/);

    // Signed out everywhere; the credentials no longer work.
    expect((await me(fan.cookie)).statusCode).toBe(401);
    expect((await me(sessionCookieOf(second) ?? '')).statusCode).toBe(401);
    expect((await login(email, fan.password)).statusCode).toBe(401);

    // Gone: the row and everything holding the address.
    expect(await t.db.select().from(users).where(eq(users.id, fan.user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, fan.user.id))).toEqual([]);
    expect(
      await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, fan.user.id)),
    ).toEqual([]);
    expect(await t.db.select().from(newsletterQueue).where(eq(newsletterQueue.email, email))).toEqual([]);
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.userId, fan.user.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(mailQuota).where(eq(mailQuota.email, email))).toEqual([]);
    // Only the refused sign-in made after the deletion remains.
    expect(await t.db.select().from(failedLogins).where(eq(failedLogins.email, email))).toHaveLength(1);
    expect(existsSync(theirMail)).toBe(false);
    expect(existsSync(otherMail)).toBe(true);

    // Kept: the same figures, the fan's rows now anonymous.
    expect(await figures()).toEqual(before);
    const [anonymous] = await t.db
      .select({ n: count() })
      .from(ratings)
      .where(and(eq(ratings.matchId, live.match.id), isNull(ratings.userId), eq(ratings.rating, 9)));
    expect(anonymous?.n).toBe(live.available.length);

    // The address is free to sign up again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'a new password', name: 'Back Again' },
    });
    expect(again.statusCode).toBe(201);
  });

  it('tells every open socket of the fan to reconnect, signed out, and leaves other fans’ open', async () => {
    const base = await listen(t.app);
    const fan = await createFan(t);
    const other = await createFan(t);
    const sockets = [
      await openLive(base, { cookie: fan.cookie }),
      await openLive(base, { cookie: fan.cookie }),
    ];
    const otherSocket = await openLive(base, { cookie: other.cookie });
    try {
      await Promise.all([...sockets, otherSocket].map((s) => s.next('connection_established')));
      expect((await call(fan.cookie, 'DELETE', `/api/user/${fan.user.id}`)).status).toBe(200);
      for (const socket of sockets) expect((await socket.closed).code).toBe(LIVE_CLOSE_RECONNECT);
      expect(otherSocket.ws.readyState).toBe(otherSocket.ws.OPEN);
    } finally {
      for (const socket of [...sockets, otherSocket]) socket.close();
    }
  });

  it('refuses other fans (403), admins on someone else (403) and anonymous callers (401)', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    const url = `/api/user/${fan.user.id}`;
    const byOther = await call(other.cookie, 'DELETE', url);
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe('You can only delete your own account');
    const byAdmin = await call(live.admin.cookie, 'DELETE', url);
    expect(byAdmin.status).toBe(403);
    expect((await call(undefined, 'DELETE', url)).status).toBe(401);
    expect((await me(fan.cookie)).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, fan.user.id))).toHaveLength(1);
  });

  it('refuses the last admin with 409, and lets an admin go while another remains', async () => {
    const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
    const only = await createFan(t, { isAdmin: true });
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, only.user.id));
    const refused = await call(only.cookie, 'DELETE', `/api/user/${only.user.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/only admin/);
    expect((await me(only.cookie)).statusCode).toBe(200);

    for (const a of admins) await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, a.id));
    expect((await call(only.cookie, 'DELETE', `/api/user/${only.user.id}`)).status).toBe(200);
    expect((await me(only.cookie)).statusCode).toBe(401);
  });

  it('is the same deletion as the admin table’s: mail and failed sign-ins of the address go too', async () => {
    // A sign-up through the API: the real mailer writes its verification mail to the outbox.
    const pending = `pending-${Date.now()}@example.com`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: pending, password: 'correct horse battery', name: 'Pending' },
    });
    expect(signUp.statusCode).toBe(201);
    expect(mailsTo(pending)).toHaveLength(1);
    const [pendingRow] = await t.db.select().from(users).where(eq(users.email, pending));
    const dropPending = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${pendingRow?.id}`,
      headers: { cookie: live.admin.cookie },
    });
    expect(dropPending.statusCode).toBe(200);
    expect(mailsTo(pending)).toEqual([]);
    // The sign-up mail counted against the address's hourly allowance: that row goes too.
    expect(await t.db.select().from(mailQuota).where(eq(mailQuota.email, pending))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(emailVerifications)
        .where(eq(emailVerifications.userId, pendingRow?.id ?? '')),
    ).toEqual([]);

    const fan = await activeFan();
    const email = fan.user.email;
    expect((await login(email, 'wrong password')).statusCode).toBe(401);
    mkdirSync(outboxDir, { recursive: true });
    const theirMail = path.join(outboxDir, `${Date.now()}-admin-deleted.eml`);
    writeFileSync(theirMail, `To: "Fan" <${email}>\nSubject: Hi\n\nHello`);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${fan.user.id}`,
      headers: { cookie: live.admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(failedLogins).where(eq(failedLogins.email, email))).toEqual([]);
    expect(existsSync(theirMail)).toBe(false);
    expect((await me(fan.cookie)).statusCode).toBe(401);
  });
});
