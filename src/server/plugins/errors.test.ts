import { registerBody } from '@shared/auth';
import { REQUEST_ERRORS, SERVER_ERRORS } from '@shared/error-messages';
import { PLAYER_ERRORS } from '@shared/players';
import { RATING_ERRORS } from '@shared/ratings';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../../../tests/server/test-app';
import { conflict, notFound, serviceUnavailable, unauthorized } from '../lib/http-error';
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

/** The status and body of one call. */
async function answer(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
  return [res.statusCode, res.json()];
}

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

  it('sends the Retry-After a busy refusal names, and none on one that names none', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/card', async () => {
      throw serviceUnavailable(SERVER_ERRORS.unavailable, { retryAfterS: 5 });
    });
    app.get('/missing', async () => {
      throw notFound();
    });
    const busy = await app.inject({ method: 'GET', url: '/card' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({
      message: SERVER_ERRORS.unavailable.message,
      code: SERVER_ERRORS.unavailable.code,
    });
    const missing = await app.inject({ method: 'GET', url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['retry-after']).toBeUndefined();
    await app.close();
  });

  it('answers an error thrown by name with its status, its English message and its code', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/player', async () => {
      throw notFound(PLAYER_ERRORS.notFound);
    });
    app.get('/me', async () => {
      throw unauthorized();
    });
    app.post('/rating', async () => {
      throw conflict(RATING_ERRORS.alreadyVoted);
    });
    expect(await answer(app, 'GET', '/player')).toEqual([
      404,
      { message: 'Player not found', code: 'player.notFound' },
    ]);
    expect(await answer(app, 'GET', '/me')).toEqual([
      401,
      { message: 'Not authenticated', code: 'auth.notAuthenticated' },
    ]);
    expect(await answer(app, 'POST', '/rating')).toEqual([409, RATING_ERRORS.alreadyVoted]);
    await app.close();
  });

  it('answers a schema’s rule with the error it names, and zod’s own words under the general code', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.post('/register', { schema: { body: registerBody } }, async () => ({ ok: true }));
    app.post(
      '/plain',
      { schema: { body: z.object({ n: z.number().max(3, 'N is at most 3'), s: z.string() }) } },
      async () => ({}),
    );
    const register = (payload: object) => answer(app, 'POST', '/register', payload);
    expect(await register({ email: 'a@example.com', password: 'short', name: 'Ada' })).toEqual([
      400,
      { message: 'Password must be at least 8 characters long', code: 'auth.passwordTooShort' },
    ]);
    expect(await register({ email: 'a@example.com', password: 'long enough', name: ' ' })).toEqual([
      400,
      { message: 'Name is required', code: 'auth.nameRequired' },
    ]);
    expect(await register({ email: 'nope', password: 'long enough', name: 'Ada' })).toEqual([
      400,
      { message: 'Invalid email address', code: 'auth.invalidEmail' },
    ]);
    expect(await answer(app, 'POST', '/plain', { n: 4, s: 'x' })).toEqual([
      400,
      { message: 'N is at most 3', code: REQUEST_ERRORS.invalid.code },
    ]);
    expect(await answer(app, 'POST', '/plain', { n: 1, s: 2 })).toEqual([
      400,
      { message: 's: Invalid input: expected string, received number', code: 'request.invalid' },
    ]);
    await app.close();
  });

  it('answers Fastify’s own refusals in our words, and any other with its own text under its status’s code', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.post('/json', async () => ({}));
    app.get('/teapot', async () => {
      throw Object.assign(new Error('Teapots only'), { statusCode: 418 });
    });
    app.get('/gone', async () => {
      throw Object.assign(new Error('Nothing here'), { statusCode: 404 });
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect([bad.statusCode, bad.json()]).toEqual([400, REQUEST_ERRORS.badJson]);
    expect(await answer(app, 'GET', '/teapot')).toEqual([
      418,
      { message: 'Teapots only', code: 'request.invalid' },
    ]);
    expect(await answer(app, 'GET', '/gone')).toEqual([
      404,
      { message: 'Nothing here', code: 'request.notFound' },
    ]);
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
