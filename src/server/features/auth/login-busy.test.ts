import { SERVER_ERRORS } from '@shared/error-messages';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../../tests/server/test-app';
import { failedLogins } from '../../db/schema';
import { createHashPool, replaceHashPoolForTests } from '../../lib/passwords';
import { LOCKOUT_MAX_FAILURES } from './auth.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('a sign-in refused because the hashing queue is full answers 503 with Retry-After, and never counts towards the lockout', async () => {
  const password = 'right password';
  const { user } = await createUser(t.db, { password });
  const login = (body: { email: string; password: string }) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body });
  const attempts = async () =>
    (await t.db.select({ n: count() }).from(failedLogins).where(eq(failedLogins.email, user.email)))[0]?.n;

  // One hashing slot, no queue, and the slot taken: every password check is refused at once.
  const pool = createHashPool(1, 0);
  const restore = replaceHashPoolForTests(pool);
  let free = () => {};
  const holding = pool.run(
    () =>
      new Promise<void>((resolve) => {
        free = resolve;
      }),
  );
  try {
    // More than the lockout allows, with the right password and with a wrong one.
    for (let i = 0; i <= LOCKOUT_MAX_FAILURES; i++) {
      const res = await login({ email: user.email, password: i % 2 === 0 ? password : 'wrong guess' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.json()).toEqual(SERVER_ERRORS.unavailable);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await attempts()).toBe(0);
  } finally {
    free();
    await holding;
    restore();
  }

  // Once the queue drains, the account is not locked: the right password signs in at once.
  const res = await login({ email: user.email, password });
  expect(res.statusCode).toBe(200);
  expect(await attempts()).toBe(0);
});
