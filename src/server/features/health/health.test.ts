import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('answers 200 {status: ok} while the database answers', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ok' });
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  // An API answer may load nothing and be framed by nobody; the page's own policy is on the page.
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers['x-frame-options']).toBe('DENY');
});

it('answers JSON 404 for an unknown API route', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: 'Route GET /api/nope not found', code: 'request.notFound' });
});

it('answers 503 once the database is gone', async () => {
  await t.database.close();
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ status: 'unavailable' });
});
