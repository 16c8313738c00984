import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../tests/server/test-app';
import { sessions, type UserRow, users } from '../db/schema';
import { ChangeFeed, parseChange } from './change-feed';
import { SessionCache } from './session-cache';

const row = (id: string, consentGiven = true) => ({ id, consentGiven }) as UserRow;
const later = () => new Date(Date.now() + 60_000);

describe('SessionCache', () => {
  it('loads a session once, then answers from memory until its user changes', async () => {
    const feed = new ChangeFeed();
    const cache = new SessionCache(feed);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { user: row('u1'), expiresAt: later() };
    };
    expect((await cache.lookup('h1', load))?.id).toBe('u1');
    expect((await cache.lookup('h1', load))?.id).toBe('u1');
    expect(loads).toBe(1);
    feed.emit({ kind: 'user', userId: 'someone-else' });
    await cache.lookup('h1', load);
    expect(loads).toBe(1);
    feed.emit({ kind: 'user', userId: 'u1' });
    await cache.lookup('h1', load);
    expect(loads).toBe(2);
    feed.emit({ kind: 'reset' });
    await cache.lookup('h1', load);
    expect(loads).toBe(3);
  });

  it('keeps no row read by a lookup that a change overtook', async () => {
    const feed = new ChangeFeed();
    const cache = new SessionCache(feed);
    let release: () => void = () => {};
    const slow = () =>
      new Promise<{ user: UserRow; expiresAt: Date }>((resolve) => {
        release = () => resolve({ user: row('u1', false), expiresAt: later() });
      });
    const pending = cache.lookup('h1', slow);
    // The user gave consent while the old row was on its way.
    feed.emit({ kind: 'user', userId: 'u1' });
    release();
    expect((await pending)?.consentGiven).toBe(false);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('never serves an expired session, nor unknown tokens, and stays bounded', async () => {
    const cache = new SessionCache(new ChangeFeed(), { max: 2 });
    await cache.lookup('old', async () => ({ user: row('u1'), expiresAt: new Date(Date.now() - 1) }));
    expect(cache.get('old')).toBeUndefined();
    expect(await cache.lookup('none', async () => null)).toBeNull();
    for (const hash of ['a', 'b', 'c'])
      await cache.lookup(hash, async () => ({ user: row(hash), expiresAt: later() }));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.id).toBe('c');
  });

  it('reads the payloads the database triggers send', () => {
    expect(parseChange('user:6f1c')).toEqual({ kind: 'user', userId: '6f1c' });
    expect(parseChange('match:12')).toEqual({ kind: 'match', matchId: 12 });
    expect(parseChange('votes:3')).toEqual({ kind: 'votes', matchId: 3 });
    expect(parseChange('players:')).toEqual({ kind: 'players' });
    expect(parseChange('branding:')).toEqual({ kind: 'branding' });
    expect(parseChange('reports:')).toEqual({ kind: 'reports' });
    expect(parseChange('match:x')).toBeNull();
    expect(parseChange('user:')).toBeNull();
  });
});

describe('cached sessions in the app', () => {
  let t: TestContext;
  let other: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    // A second instance on the same database: what it writes reaches the first only through the database.
    other = await createTestContext({ database: t.database });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const me = (cookie: string, on = t) =>
    on.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  it('sees a change made elsewhere to a signed-in user: rights, consent, the end of a session', async () => {
    const fan = await createUser(t.db, { consent: true, isAdmin: true });
    expect((await me(fan.cookie)).json().user.isAdmin).toBe(true);
    // Written straight to the database, as another instance or an operator would.
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, fan.user.id));
    await expect.poll(async () => (await me(fan.cookie)).json().user.isAdmin).toBe(false);
    await other.db.delete(sessions).where(eq(sessions.userId, fan.user.id));
    await expect.poll(async () => (await me(fan.cookie)).statusCode).toBe(401);
  });

  it("a fan's own change is in their very next request, on this instance at once and on another soon", async () => {
    const fan = await createUser(t.db, { consent: false });
    expect((await me(fan.cookie)).json().user.consentGiven).toBe(false);
    expect((await me(fan.cookie, other)).json().user.consentGiven).toBe(false);
    const given = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${fan.user.id}/consent`,
      headers: { cookie: fan.cookie },
      payload: { consentGiven: true },
    });
    expect(given.statusCode).toBe(200);
    expect((await me(fan.cookie)).json().user.consentGiven).toBe(true);
    await expect.poll(async () => (await me(fan.cookie, other)).json().user.consentGiven).toBe(true);
  });

  it('a signed-out session is refused at once', async () => {
    const fan = await createUser(t.db, { consent: true });
    expect((await me(fan.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: fan.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(fan.cookie)).statusCode).toBe(401);
    await expect.poll(async () => (await me(fan.cookie, other)).statusCode).toBe(401);
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, fan.user.id));
    expect(left?.n).toBe(0);
  });
});
