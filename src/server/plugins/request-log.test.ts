import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryMailer } from '../../../tests/server/test-app';
import { createTestDatabase } from '../../../tests/server/test-db';
import { buildApp } from '../app';
import type { DbHandle } from '../db/client';
import { ConfigError, parseEnv, type RawEnv, resolveEnv } from '../env';
import { LOG_OPTIONS } from '../lib/log-redaction';

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const INFO = 30;
const WARN = 40;
const ERROR = 50;
const N = 25;

let database: DbHandle;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'matchday-app-'));
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real app logging through pino at info into memory, as main.ts builds its logger. */
async function appWithLog(
  env: Partial<Record<keyof RawEnv, string>> = {},
  slowRequestMs?: number,
): Promise<{ app: FastifyInstance; lines: Line[] }> {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const logger = pino({ level: 'info', ...LOG_OPTIONS }, sink);
  const app = await buildApp({
    env: resolveEnv(
      parseEnv({
        DATA_DIR: dataDir,
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
        PUBLIC_URL: 'http://matchday.test',
        NODE_ENV: 'production',
        ...env,
      }),
    ),
    database,
    mailer: memoryMailer([]),
    logger,
    ...(slowRequestMs === undefined ? {} : { slowRequestMs }),
  });
  // A route that fails, to show that errors are still logged.
  app.get('/api/test-only/broken', async () => {
    throw new Error('broken on purpose');
  });
  await app.ready();
  // Only what the requests below write.
  lines.length = 0;
  return { app, lines };
}

async function traffic(app: FastifyInstance): Promise<void> {
  for (let i = 0; i < N; i++) {
    const res = await app.inject({ method: 'GET', url: `/api/customization?token=secret-${i}` });
    expect(res.statusCode).toBe(200);
  }
}

describe('per-request log lines', () => {
  it('are off by default: N requests write no line', async () => {
    const { app, lines } = await appWithLog();
    await traffic(app);
    await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(lines).toEqual([]);
    await app.close();
  });

  it('still log a failed request as an error', async () => {
    const { app, lines } = await appWithLog();
    const res = await app.inject({ method: 'GET', url: '/api/test-only/broken' });
    expect(res.statusCode).toBe(500);
    expect(lines.filter((line) => line.level >= ERROR).map((line) => line.msg)).toEqual(['request failed']);
    expect(lines.filter((line) => line.level < ERROR)).toEqual([]);
    await app.close();
  });

  it('come back with LOG_REQUESTS=true: one incoming and one completed line per request', async () => {
    const { app, lines } = await appWithLog({ LOG_REQUESTS: 'true' });
    await traffic(app);
    const messages = lines.filter((line) => line.level === INFO).map((line) => line.msg);
    expect(messages.filter((msg) => msg === 'incoming request')).toHaveLength(N);
    expect(messages.filter((msg) => msg === 'request completed')).toHaveLength(N);
    // The query's secret never reaches the log.
    expect(JSON.stringify(lines)).not.toContain('secret-');
    await app.close();
  });

  it('are switched by LOG_REQUESTS, a boolean that defaults to off', () => {
    expect(parseEnv({ LOG_REQUESTS: '1' }).LOG_REQUESTS).toBe(true);
    expect(parseEnv({}).LOG_REQUESTS).toBe(false);
    expect(() => parseEnv({ LOG_REQUESTS: 'yes' })).toThrow(ConfigError);
  });
});

describe('slow requests', () => {
  it('each get one warn line with method, redacted URL, status and duration', async () => {
    // Every answer takes longer than 0 ms: each request is "slow" here.
    const { app, lines } = await appWithLog({}, 0);
    await traffic(app);
    expect(lines).toHaveLength(N);
    for (const [i, line] of lines.entries()) {
      expect(line.level).toBe(WARN);
      expect(line.msg).toBe('slow request');
      expect(line).toMatchObject({
        method: 'GET',
        url: '/api/customization?token=[redacted]',
        statusCode: 200,
      });
      expect(typeof line.durationMs).toBe('number');
      expect(JSON.stringify(line)).not.toContain(`secret-${i}`);
    }
    await app.close();
  });

  it('are not reported under the threshold', async () => {
    const { app, lines } = await appWithLog({}, 60_000);
    await traffic(app);
    expect(lines).toEqual([]);
    await app.close();
  });
});
