import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_SHIELD_RULES } from '@shared/shield';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppOptions, buildApp } from '../../src/server/app';
import type { Database, DbHandle } from '../../src/server/db/client';
import { shieldSettings, users } from '../../src/server/db/schema';
import { upsertSingleton } from '../../src/server/db/singleton';
import { parseEnv, type RawEnv, resolveEnv } from '../../src/server/env';
import type { Mailer, MailMessage } from '../../src/server/lib/mailer';
import { hashPassword } from '../../src/server/lib/passwords';
import { createSession, SESSION_COOKIE } from '../../src/server/lib/sessions';
import { createTestDatabase } from './test-db';

export interface TestContext {
  app: FastifyInstance;
  database: DbHandle;
  db: Database;
  /** Mails the app sent, newest last (unless a real mailer was passed). */
  outbox: MailMessage[];
  close(): Promise<void>;
}

export interface TestContextOptions {
  env?: Partial<Record<keyof RawEnv, string>>;
  /** 'real': the app's own mailer (SMTP_URL or outbox). Default: an in-memory outbox. */
  mailer?: Mailer | 'real';
  authRateLimit?: { max: number; timeWindow: number };
  /** Live socket and ticker settings (faster heartbeats, a Redis namespace of the test's own). */
  live?: AppOptions['live'];
  /** Another instance's database: the context then shares it and leaves closing it to its owner. */
  database?: DbHandle;
  /** The push worker's settings (`autoStart: false`: the test runs its passes). */
  push?: AppOptions['push'];
  /** A built page to serve (a folder laid out like dist/client); by default no page at all. */
  clientDir?: string;
  /** false: no fast reads, every request through the routes (AppOptions.fastReads). */
  fastReads?: boolean;
  /** A logger (default: none) and the slow-answer threshold (default 1 s). */
  logger?: AppOptions['logger'];
  slowRequestMs?: number;
  /** How often match results are recomputed (AppOptions.snapshots). */
  snapshots?: AppOptions['snapshots'];
  /**
   * true: the shield's default rules hold back ballots. By default its verdicts count every ballot (its
   * signals are still read), since test fans are new accounts rating in milliseconds.
   */
  shield?: boolean;
  /** The football-data feed's clock; it never polls by itself here (`app.matchFeed.step()` does). */
  feed?: { now?: () => number };
}

export function memoryMailer(outbox: MailMessage[]): Mailer {
  return { send: async (m) => void outbox.push(m), close: () => {} };
}

/** The real app on a fresh database of its own. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'matchday-app-'));
  const env = resolveEnv(
    parseEnv({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      PUBLIC_URL: 'http://matchday.test',
      NODE_ENV: 'test',
      ...options.env,
    }),
  );
  const database = options.database ?? (await createTestDatabase());
  const outbox: MailMessage[] = [];
  const app = await buildApp({
    env,
    database,
    mailer: options.mailer === 'real' ? undefined : (options.mailer ?? memoryMailer(outbox)),
    ...(options.clientDir
      ? { client: 'static' as const, clientDir: options.clientDir }
      : { client: 'none' as const }),
    authRateLimit: options.authRateLimit,
    live: options.live,
    push: options.push,
    ...(options.fastReads === undefined ? {} : { fastReads: options.fastReads }),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.slowRequestMs === undefined ? {} : { slowRequestMs: options.slowRequestMs }),
    ...(options.snapshots ? { snapshots: options.snapshots } : {}),
    feed: { ...options.feed, autoStart: false },
  });
  await app.ready();
  if (!options.shield && !options.database)
    await upsertSingleton(database.db, shieldSettings, {
      rules: { ...DEFAULT_SHIELD_RULES, enabled: false },
    });
  return {
    app,
    database,
    db: database.db,
    outbox,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export interface UserFactoryOptions {
  email?: string;
  name?: string;
  password?: string;
  isAdmin?: boolean;
  verified?: boolean;
  consent?: boolean;
}

/** A user row straight in the database, with a session cookie ready to use. */
export async function createUser(db: Database, options: UserFactoryOptions = {}) {
  counter += 1;
  const password = options.password ?? 'correct horse battery';
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `fan${counter}-${Date.now()}@example.com`,
      name: options.name ?? `Fan ${counter}`,
      passwordHash: await hashPassword(password),
      isAdmin: options.isAdmin ?? false,
      emailVerified: options.verified ?? true,
      consentGiven: options.consent ?? false,
    })
    .returning();
  if (!user) throw new Error('user not created');
  const token = await createSession(db, user.id);
  return { user, password, token, cookie: `${SESSION_COOKIE}=${token}` };
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

let browsers = 0;
/**
 * A browser's sign-up cookie, sent to register and then to confirm: the link keeps the password chosen in
 * the browser that signed up (register keeps a cookie it is sent, as it would a real browser's).
 */
export const signUpBrowser = (): Record<string, string> => ({
  cookie: `matchday_signup=test-browser-${++browsers}-${Date.now()}`,
});

export const tokenFromMail = (mail: MailMessage | undefined): string => {
  const match = mail?.text.match(/\/confirm\?token=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error('no confirm link in mail');
  return decodeURIComponent(match[1]);
};
