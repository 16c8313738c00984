import { API_KEY_PATTERN, type ApiKeyList, type ApiKeySummary, type CreatedApiKey } from '@shared/api-keys';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFan } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { apiKeys, apiKeyUsage } from '../../db/schema';
import { LOG_REDACTION } from '../../lib/log-redaction';
import { hashToken } from '../../lib/tokens';
import { ApiKeyUsage } from './api-key-usage';
import { usageDay } from './api-keys.service';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createFan>>;
let fan: Awaited<ReturnType<typeof createFan>>;

beforeAll(async () => {
  t = await createTestContext();
  admin = await createFan(t, { isAdmin: true });
  fan = await createFan(t);
});
afterAll(() => t.close());

async function call<T>(cookie: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
}

async function createKey(name: string, ratePerMinute?: number): Promise<CreatedApiKey> {
  const res = await call<CreatedApiKey>(admin.cookie, 'POST', '/api/admin/api-keys', {
    name,
    ...(ratePerMinute === undefined ? {} : { ratePerMinute }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const listKeys = async () => (await call<ApiKeyList>(admin.cookie, 'GET', '/api/admin/api-keys')).body.keys;

/** A public read with a key (or none). */
const read = (apiKey?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/match-reports',
    headers: apiKey === undefined ? {} : { 'x-api-key': apiKey },
  });

describe('who may manage keys', () => {
  const calls: ['GET' | 'POST', string, object?][] = [
    ['GET', '/api/admin/api-keys'],
    ['POST', '/api/admin/api-keys', { name: 'Partner' }],
    ['POST', '/api/admin/api-keys/1/revoke', {}],
  ];
  it.each(calls)('%s %s: anonymous 401, fan 403', async (method, url, payload) => {
    expect((await call(undefined, method, url, payload)).status).toBe(401);
    const asFan = await call<{ code: string }>(fan.cookie, method, url, payload);
    expect(asFan.status).toBe(403);
    expect(asFan.body.code).toBe('request.adminOnly');
  });
});

describe('a new key', () => {
  it('is shown once, whole, and only its SHA-256 is stored', async () => {
    const created = await createKey('  Evening Gazette  ', 900);
    expect(created.apiKey).toMatch(API_KEY_PATTERN);
    expect(created.key).toMatchObject({
      name: 'Evening Gazette',
      ratePerMinute: 900,
      prefix: created.apiKey.slice(0, 10),
      revokedAt: null,
      lastUsedAt: null,
      requestsToday: 0,
      requestsLast7Days: 0,
    });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row?.keyHash).toBe(hashToken(created.apiKey));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(created.apiKey);
    expect(stored).not.toContain(created.apiKey.slice(10));
    // The list never shows it again.
    const list = await call<ApiKeyList>(admin.cookie, 'GET', '/api/admin/api-keys');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(JSON.stringify(list.body)).not.toContain(created.apiKey);
    expect(list.body.keys.find((k) => k.id === created.key.id)).toEqual(created.key);
    expect(list.body.keylessPerMinute).toBe(120);
  });

  it('takes the default rate, and refuses a blank name or a rate out of range', async () => {
    expect((await createKey('Default rate')).key.ratePerMinute).toBe(600);
    const refusals: [object, string][] = [
      [{ name: '   ' }, 'apiKey.nameRequired'],
      [{ name: 'x'.repeat(61) }, 'apiKey.nameRequired'],
      [{ name: 'Zero', ratePerMinute: 0 }, 'apiKey.invalidRate'],
      [{ name: 'Huge', ratePerMinute: 100_001 }, 'apiKey.invalidRate'],
      [{ name: 'Half', ratePerMinute: 1.5 }, 'apiKey.invalidRate'],
    ];
    for (const [body, code] of refusals) {
      const res = await call<{ code: string }>(admin.cookie, 'POST', '/api/admin/api-keys', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(code);
    }
  });
});

describe('a key on the public reads', () => {
  it("gets its own limit, apart from the caller's keyless one", async () => {
    const { apiKey } = await createKey('Tight', 2);
    for (const remaining of [1, 0]) {
      const res = await read(apiKey);
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'x-ratelimit-limit': '2',
        'x-ratelimit-remaining': String(remaining),
      });
      expect(String(res.headers.vary)).toMatch(/x-api-key/);
    }
    const over = await read(apiKey);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: expect.any(String), code: 'auth.tooManyRequests' });
    expect(over.headers['retry-after']).toBeDefined();
    // The same address without the key: its own allowance, untouched.
    const keyless = await read();
    expect(keyless.statusCode).toBe(200);
    expect(keyless.headers['x-ratelimit-limit']).toBe('120');
  });

  it('refuses an unknown, malformed or revoked key with 401, never as keyless', async () => {
    const { apiKey, key } = await createKey('Soon revoked');
    expect((await read(apiKey)).statusCode).toBe(200);
    const unknown = `mdk_${'A'.repeat(43)}`;
    for (const wrong of [unknown, 'mdk_short', '', apiKey.toUpperCase()]) {
      const res = await read(wrong);
      expect(res.statusCode, wrong).toBe(401);
      expect(res.json()).toEqual({ message: 'Unknown or revoked API key', code: 'apiKey.invalid' });
    }
    const revoked = await call<ApiKeySummary>(
      admin.cookie,
      'POST',
      `/api/admin/api-keys/${key.id}/revoke`,
      {},
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    // At once, though this instance had the key in memory.
    expect((await read(apiKey)).statusCode).toBe(401);
    // Revoking again keeps the first time.
    const again = await call<ApiKeySummary>(admin.cookie, 'POST', `/api/admin/api-keys/${key.id}/revoke`, {});
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await call(admin.cookie, 'POST', '/api/admin/api-keys/2147483647/revoke', {})).status).toBe(404);
  });

  it('is refused on every instance once revoked on one', async () => {
    const other = await createTestContext({ database: t.database });
    try {
      const { apiKey, key } = await createKey('Two instances');
      const readThere = () =>
        other.app.inject({ method: 'GET', url: '/api/seasons', headers: { 'x-api-key': apiKey } });
      expect((await readThere()).statusCode).toBe(200);
      await call(admin.cookie, 'POST', `/api/admin/api-keys/${key.id}/revoke`, {});
      const deadline = Date.now() + 5_000;
      let status = (await readThere()).statusCode;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await readThere()).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('without a key', () => {
  it('the limit is PUBLIC_API_RATE a minute, per address, across the public reads', async () => {
    const other = await createTestContext({ database: t.database, env: { PUBLIC_API_RATE: '3' } });
    try {
      const urls = ['/api/match-reports', '/api/seasons', '/api/team-of-the-week', '/api/match-reports'];
      const answers = [];
      for (const url of urls) answers.push(await other.app.inject({ method: 'GET', url }));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers[0]?.headers['x-ratelimit-limit']).toBe('3');
      const list = await other.app.inject({
        method: 'GET',
        url: '/api/admin/api-keys',
        headers: { cookie: admin.cookie },
      });
      expect((list.json() as ApiKeyList).keylessPerMinute).toBe(3);
    } finally {
      await other.close();
    }
  });
});

describe("a key's usage", () => {
  it('counts every request of parallel callers, for today, with the last use', async () => {
    const { apiKey, key } = await createKey('Busy', 1000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => read(apiKey)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const listed = (await listKeys()).find((k) => k.id === key.id);
    expect(listed).toMatchObject({ requestsToday: 50, requestsLast7Days: 50 });
    expect(listed?.lastUsedAt).not.toBeNull();
    const [row] = await t.db.select().from(apiKeyUsage).where(eq(apiKeyUsage.keyId, key.id));
    expect(row).toEqual({ keyId: key.id, day: usageDay(new Date()), requests: 50 });
  });

  it("adds each instance's share, whatever order their writes land in", async () => {
    const { key } = await createKey('Shared');
    const instances = [0, 1, 2].map(() => new ApiKeyUsage(t.db, t.app.log));
    try {
      for (let round = 0; round < 3; round++) {
        for (const usage of instances) for (let i = 0; i < 10; i++) usage.count(key.id);
        await Promise.all(instances.map((usage) => usage.flush()));
      }
    } finally {
      await Promise.all(instances.map((usage) => usage.close()));
    }
    const [row] = await t.db.select().from(apiKeyUsage).where(eq(apiKeyUsage.keyId, key.id));
    expect(row?.requests).toBe(90);
  });

  it('shows today and the six days before, not older', async () => {
    const { key } = await createKey('History');
    const daysAgo = (n: number) => usageDay(new Date(Date.now() - n * 86_400_000));
    await t.db.insert(apiKeyUsage).values([
      { keyId: key.id, day: daysAgo(0), requests: 3 },
      { keyId: key.id, day: daysAgo(6), requests: 5 },
      { keyId: key.id, day: daysAgo(7), requests: 100 },
    ]);
    expect((await listKeys()).find((k) => k.id === key.id)).toMatchObject({
      requestsToday: 3,
      requestsLast7Days: 8,
    });
  });
});

describe('the log', () => {
  it('never holds a key, at its most talkative level', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'trace', redact: LOG_REDACTION },
      { write: (line: string) => void lines.push(line) },
    );
    const other = await createTestContext({ database: t.database, logger, env: { LOG_REQUESTS: 'true' } });
    try {
      const created = await other.app.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        headers: { cookie: admin.cookie },
        payload: { name: 'Logged' },
      });
      const { apiKey, key } = created.json() as CreatedApiKey;
      const headers = { 'x-api-key': apiKey };
      expect((await other.app.inject({ method: 'GET', url: '/api/match-reports', headers })).statusCode).toBe(
        200,
      );
      await other.app.inject({
        method: 'POST',
        url: `/api/admin/api-keys/${key.id}/revoke`,
        headers: { cookie: admin.cookie },
      });
      expect((await other.app.inject({ method: 'GET', url: '/api/seasons', headers })).statusCode).toBe(401);
      const output = lines.join('');
      expect(output).toContain('/api/match-reports');
      expect(output).not.toContain(apiKey);
      expect(output).not.toContain(apiKey.slice(10));
    } finally {
      await other.close();
    }
  });
});
