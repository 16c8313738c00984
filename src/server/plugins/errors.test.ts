import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/server/test-app';
import { PasswordHashBusy } from '../lib/passwords';
import { errorsPlugin, isDatabaseUnavailable } from './errors';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
/** As drizzle throws it: its own error with the driver's underneath. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  it('knows postgres.js connection failures, PostgreSQL shutting down and a closed PGlite', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'CONNECT_TIMEOUT',
      'CONNECTION_CLOSED',
      'CONNECTION_ENDED',
      'CONNECTION_DESTROYED',
      '57P01',
      '57P03',
      '08006',
      '53300',
    ])
      expect(isDatabaseUnavailable(wrapped(coded(code))), code).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('PGlite is closed')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closing'))).toBe(true);
    const refusedEverywhere = new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'connect');
    expect(isDatabaseUnavailable(wrapped(refusedEverywhere))).toBe(true);
  });

  it('leaves query errors and programming errors alone', () => {
    expect(isDatabaseUnavailable(wrapped(coded('23505', 'duplicate key')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(coded('42P01', 'relation does not exist')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED'), new Error('other')]))).toBe(
      false,
    );
  });
});

describe('the error handler', () => {
  it('answers 503 JSON with a clear message and Retry-After when the database is unreachable', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/down', async () => {
      throw wrapped(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'));
    });
    app.get('/bug', async () => {
      throw new TypeError('x is undefined');
    });
    const down = await app.inject({ method: 'GET', url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({
      message: 'Service temporarily unavailable. Please try again shortly.',
    });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toMatchObject({ message: 'Internal server error' });
    await app.close();
  });

  it('answers a sign-in refused by a full hashing queue with 503 and Retry-After, not 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.post('/login', async () => {
      throw new PasswordHashBusy();
    });
    const busy = await app.inject({ method: 'POST', url: '/login' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('10');
    expect(busy.json()).toMatchObject({
      message: 'Service temporarily unavailable. Please try again shortly.',
    });
    await app.close();
  });
});

describe('the real app with its database gone', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 503 JSON, not 500, to a call that needs the database', async () => {
    await t.database.close();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'fan@example.com', password: 'a-password-1' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      message: 'Service temporarily unavailable. Please try again shortly.',
    });
  });
});
