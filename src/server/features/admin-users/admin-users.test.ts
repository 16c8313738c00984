import type { AdminUser } from '@shared/admin-users';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFan, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, createUser, type TestContext } from '../../../../tests/server/test-app';
import { ratings, users, userVotes } from '../../db/schema';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createFan>>;
let fan: Awaited<ReturnType<typeof createFan>>;

beforeAll(async () => {
  t = await createTestContext();
  admin = await createFan(t, { isAdmin: true, name: 'First Admin' });
  fan = await createFan(t);
});
afterAll(() => t.close());

/** One call as the holder of `cookie` (none: anonymous), JSON in and out. */
async function call<T = { message: string }>(
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T, headers: res.headers };
}

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const uuid = '00000000-0000-4000-8000-000000000000';
let serial = 0;
const newEmail = () => `made${++serial}-${Date.now()}@example.com`;

describe('authorization', () => {
  const calls: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', object?][] = [
    ['/api/admin/users', 'GET'],
    ['/api/admin/users', 'POST', { name: 'A', email: 'a@example.com', isAdmin: false }],
    [`/api/admin/users/${uuid}`, 'PUT', { name: 'A', email: 'a@example.com', isAdmin: false }],
    [`/api/admin/users/${uuid}`, 'DELETE'],
    [`/api/admin/users/${uuid}/regenerate-password`, 'POST', {}],
  ];
  it.each(calls)('%s %s: anonymous 401, fan 403', async (url, method, payload) => {
    expect((await call(undefined, method, url, payload)).status).toBe(401);
    const asFan = await call(fan.cookie, method, url, payload);
    expect(asFan.status).toBe(403);
    expect(asFan.body.message).toBe('Admin access required');
  });
});

describe('creating a user', () => {
  it('makes a verified account with a generated password that signs in at once', async () => {
    const email = newEmail();
    const res = await call<{ user: AdminUser; newPassword: string }>(
      admin.cookie,
      'POST',
      '/api/admin/users',
      {
        name: '  Gary Neville ',
        email: `  ${email.toUpperCase()} `,
        isAdmin: false,
      },
    );
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.user).toMatchObject({
      name: 'Gary Neville',
      email,
      isAdmin: false,
      avatar: null,
      lastLoginAt: null,
      voteCount: 0,
    });
    expect(res.body.newPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2/);
    const signIn = await login(email, res.body.newPassword);
    expect(signIn.statusCode).toBe(200);
  });

  it('makes admins too', async () => {
    const res = await call<{ user: AdminUser }>(admin.cookie, 'POST', '/api/admin/users', {
      name: 'Second Admin',
      email: newEmail(),
      isAdmin: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.user.isAdmin).toBe(true);
  });

  it('refuses an e-mail that exists, whatever its case', async () => {
    const res = await call(admin.cookie, 'POST', '/api/admin/users', {
      name: 'Copy',
      email: fan.user.email.toUpperCase(),
      isAdmin: false,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A user with this email already exists');
  });

  it.each([
    [{ name: '', email: 'x@example.com', isAdmin: false }, 'Name is required'],
    [{ name: '   ', email: 'x@example.com', isAdmin: false }, 'Name is required'],
    [{ email: 'x@example.com', isAdmin: false }, 'Name is required'],
    [{ name: 'X', email: 'not-an-email', isAdmin: false }, 'Invalid email address'],
    [{ name: 'X', email: 'x@', isAdmin: false }, 'Invalid email address'],
    [{ name: 'X', email: 'x@example.com' }, 'isAdmin must be true or false'],
    [{ name: 'X', email: 'x@example.com', isAdmin: 'yes' }, 'isAdmin must be true or false'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await call(admin.cookie, 'POST', '/api/admin/users', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('the user table', () => {
  it('lists everyone newest first, with last login and final votes counted', async () => {
    const live = await setupLiveMatch(t);
    const voter = await createFan(t, { name: 'Voter' });
    await voteAll(voter, live);
    expect((await login(voter.user.email, voter.password)).statusCode).toBe(200);

    const res = await call<AdminUser[]>(admin.cookie, 'GET', '/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.body.map((u) => u.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const row = res.body.find((u) => u.id === voter.user.id);
    expect(row).toMatchObject({ name: 'Voter', isAdmin: false, voteCount: 1 });
    expect(row?.lastLoginAt).not.toBeNull();
    expect(res.body.find((u) => u.id === fan.user.id)).toMatchObject({ voteCount: 0, lastLoginAt: null });
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ['avatar', 'createdAt', 'email', 'id', 'isAdmin', 'lastLoginAt', 'name', 'voteCount'].sort(),
    );
  });
});

describe('editing a user', () => {
  it('changes name, e-mail and role', async () => {
    const { user } = await createUser(t.db, { name: 'Before' });
    const email = newEmail();
    const res = await call<AdminUser>(admin.cookie, 'PUT', `/api/admin/users/${user.id}`, {
      name: 'After',
      email: email.toUpperCase(),
      isAdmin: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, name: 'After', email, isAdmin: true });
    // Same e-mail, other case: still the user's own.
    const again = await call(admin.cookie, 'PUT', `/api/admin/users/${user.id}`, {
      name: 'After',
      email: email.toUpperCase(),
      isAdmin: false,
    });
    expect(again.status).toBe(200);
  });

  it('answers 404 for an unknown user, 409 for an e-mail taken, 400 for a bad id or body', async () => {
    const body = { name: 'X', email: newEmail(), isAdmin: false };
    const unknown = await call(admin.cookie, 'PUT', `/api/admin/users/${uuid}`, body);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');

    const { user } = await createUser(t.db);
    const taken = await call(admin.cookie, 'PUT', `/api/admin/users/${user.id}`, {
      ...body,
      email: fan.user.email,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A user with this email already exists');

    const badId = await call(admin.cookie, 'PUT', '/api/admin/users/42', body);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('Invalid user id');
    const noName = await call(admin.cookie, 'PUT', `/api/admin/users/${user.id}`, { ...body, name: '' });
    expect(noName.body.message).toBe('Name is required');
    const badEmail = await call(admin.cookie, 'PUT', `/api/admin/users/${user.id}`, { ...body, email: 'x' });
    expect(badEmail.body.message).toBe('Invalid email address');
  });
});

describe('regenerating a password', () => {
  it('gives a new password once and ends every session of the user', async () => {
    const target = await createFan(t);
    const second = await login(target.user.email, target.password);
    const secondCookie = `matchday_session=${second.cookies.find((c) => c.name === 'matchday_session')?.value}`;
    expect((await me(target.cookie)).statusCode).toBe(200);

    const res = await call<{ newPassword: string }>(
      admin.cookie,
      'POST',
      `/api/admin/users/${target.user.id}/regenerate-password`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.newPassword).toMatch(/^[A-Za-z0-9]{16}$/);

    expect((await me(target.cookie)).statusCode).toBe(401);
    expect((await me(secondCookie)).statusCode).toBe(401);
    expect((await login(target.user.email, target.password)).statusCode).toBe(401);
    expect((await login(target.user.email, res.body.newPassword)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await call(admin.cookie, 'POST', `/api/admin/users/${uuid}/regenerate-password`);
    expect(res.status).toBe(404);
  });
});

describe('deleting a user', () => {
  it('ends their sessions and keeps their ratings and vote, anonymous', async () => {
    const live = await setupLiveMatch(t);
    const leaver = await createFan(t);
    await voteAll(leaver, live, 8);
    const ratingsOf = async () =>
      (await t.db.select({ n: count() }).from(ratings).where(eq(ratings.matchId, live.match.id)))[0]?.n;
    const before = await ratingsOf();

    const res = await call(admin.cookie, 'DELETE', `/api/admin/users/${leaver.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await me(leaver.cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, leaver.user.id))).toEqual([]);

    expect(await ratingsOf()).toBe(before);
    const [anonymous] = await t.db
      .select({ n: count() })
      .from(ratings)
      .where(and(eq(ratings.matchId, live.match.id), isNull(ratings.userId), eq(ratings.rating, 8)));
    expect(anonymous?.n).toBe(live.available.length);
    const [votes] = await t.db
      .select({ n: count() })
      .from(userVotes)
      .where(and(eq(userVotes.matchId, live.match.id), isNull(userVotes.userId)));
    expect(votes?.n).toBe(1);
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expect((await call(admin.cookie, 'DELETE', `/api/admin/users/${uuid}`)).status).toBe(404);
    expect((await call(admin.cookie, 'DELETE', '/api/admin/users/nope')).status).toBe(400);
  });
});

describe('the last admin', () => {
  /** Leaves `keep` as the only admins. */
  const onlyAdmins = async (...keep: string[]) => {
    await t.db.update(users).set({ isAdmin: false });
    for (const id of keep) await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, id));
  };
  const asBody = (u: { name: string; email: string }, isAdmin: boolean) => ({
    name: u.name,
    email: u.email,
    isAdmin,
  });

  it('cannot be demoted or deleted, even by themselves', async () => {
    await onlyAdmins(admin.user.id);
    const demote = await call(
      admin.cookie,
      'PUT',
      `/api/admin/users/${admin.user.id}`,
      asBody(admin.user, false),
    );
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('You cannot remove or demote the last admin');
    const remove = await call(admin.cookie, 'DELETE', `/api/admin/users/${admin.user.id}`);
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe('You cannot remove or demote the last admin');
    // Editing the last admin's name keeps the flag, so it is fine.
    const rename = await call(admin.cookie, 'PUT', `/api/admin/users/${admin.user.id}`, {
      ...asBody(admin.user, true),
      name: 'Still Admin',
    });
    expect(rename.status).toBe(200);
  });

  it('lets one of two admins demote the other, then not the last one', async () => {
    const other = await createFan(t, { isAdmin: true });
    await onlyAdmins(admin.user.id, other.user.id);
    const demote = await call(
      admin.cookie,
      'PUT',
      `/api/admin/users/${other.user.id}`,
      asBody(other.user, false),
    );
    expect(demote.status).toBe(200);
    const self = await call(
      admin.cookie,
      'PUT',
      `/api/admin/users/${admin.user.id}`,
      asBody(admin.user, false),
    );
    expect(self.status).toBe(409);
  });

  it('lets two admins racing to demote each other leave exactly one', async () => {
    const a = await createFan(t, { isAdmin: true });
    const b = await createFan(t, { isAdmin: true });
    await onlyAdmins(a.user.id, b.user.id);
    const [ab, ba] = await Promise.all([
      call(a.cookie, 'PUT', `/api/admin/users/${b.user.id}`, asBody(b.user, false)),
      call(b.cookie, 'PUT', `/api/admin/users/${a.user.id}`, asBody(a.user, false)),
    ]);
    // The loser is refused by the last-admin rule (409), or, if it was demoted first, as a non-admin (403).
    const statuses = [ab.status, ba.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await t.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
  });

  it('lets two admins racing to delete each other leave exactly one', async () => {
    const a = await createFan(t, { isAdmin: true });
    const b = await createFan(t, { isAdmin: true });
    await onlyAdmins(a.user.id, b.user.id);
    const results = await Promise.all([
      call(a.cookie, 'DELETE', `/api/admin/users/${b.user.id}`),
      call(b.cookie, 'DELETE', `/api/admin/users/${a.user.id}`),
    ]);
    // The loser may also be refused for having just lost its own account (401).
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.isAdmin, true))).toHaveLength(1);
  });

  it('lets an admin delete their own account while another admin remains, signing them out', async () => {
    const leaving = await createFan(t, { isAdmin: true });
    await onlyAdmins(admin.user.id, leaving.user.id);
    const res = await call(leaving.cookie, 'DELETE', `/api/admin/users/${leaving.user.id}`);
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/matchday_session=;/);
    expect((await me(leaving.cookie)).statusCode).toBe(401);
    expect((await call(admin.cookie, 'GET', '/api/admin/users')).status).toBe(200);
  });
});
