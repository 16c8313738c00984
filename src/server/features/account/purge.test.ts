import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../../tests/server/test-app';
import {
  emailVerifications,
  failedLogins,
  mailQuota,
  newsletterQueue,
  passwordResets,
  sessions,
} from '../../db/schema';
import { purgeRetainedData } from './purge';

let t: TestContext;
let outboxDir: string;

beforeAll(async () => {
  t = await createTestContext();
  outboxDir = mkdtempSync(path.join(tmpdir(), 'matchday-purge-'));
});
afterAll(async () => {
  await t.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

describe('the 30-day purge', () => {
  it('removes old failed sign-ins, expired sessions and links, and old outbox mail; keeps the rest', async () => {
    await t.db.insert(failedLogins).values([
      { email: 'gone-long-ago@example.com', at: ago(31) },
      { email: 'recent@example.com', at: ago(29) },
    ]);
    const active = await createUser(t.db);
    const expired = await createUser(t.db);
    await t.db
      .update(sessions)
      .set({ expiresAt: ago(1) })
      .where(eq(sessions.userId, expired.user.id));
    await t.db.insert(emailVerifications).values([
      { tokenHash: 'purge-expired', userId: expired.user.id, expiresAt: ago(2), createdAt: ago(4) },
      { tokenHash: 'purge-current', userId: active.user.id, expiresAt: new Date(Date.now() + DAY) },
    ]);
    mkdirSync(outboxDir, { recursive: true });
    const old = path.join(outboxDir, 'old.eml');
    const fresh = path.join(outboxDir, 'fresh.eml');
    writeFileSync(old, 'To: a@example.com\n\nold');
    writeFileSync(fresh, 'To: b@example.com\n\nfresh');
    utimesSync(old, ago(31), ago(31));
    utimesSync(fresh, ago(1), ago(1));

    const result = await purgeRetainedData(t.db, { outboxDir });
    expect(result).toEqual({
      failedLogins: 1,
      sessions: 1,
      emailVerifications: 1,
      passwordResets: 0,
      mailQuotas: 0,
      outboxMails: 1,
      newsletterRemovals: 0,
    });

    const logins = await t.db.select({ email: failedLogins.email }).from(failedLogins);
    expect(logins.map((l) => l.email)).toEqual(['recent@example.com']);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, expired.user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, active.user.id))).toHaveLength(1);
    const links = await t.db.select({ tokenHash: emailVerifications.tokenHash }).from(emailVerifications);
    expect(links.map((l) => l.tokenHash)).toEqual(['purge-current']);
    expect(readdirSync(outboxDir)).toEqual(['fresh.eml']);
    expect((await me(active.cookie)).statusCode).toBe(200);

    // Run again, nothing more is due.
    expect(await purgeRetainedData(t.db, { outboxDir })).toEqual({
      failedLogins: 0,
      sessions: 0,
      emailVerifications: 0,
      passwordResets: 0,
      mailQuotas: 0,
      outboxMails: 0,
      newsletterRemovals: 0,
    });
  });

  it('removes newsletter removals of deleted accounts after 30 days, whatever their state', async () => {
    const fan = await createUser(t.db);
    await t.db.insert(newsletterQueue).values([
      {
        kind: 'unsubscribe',
        email: 'refused-long@example.com',
        status: 'failed',
        attempts: 8,
        createdAt: ago(31),
      },
      { kind: 'unsubscribe', email: 'retrying-long@example.com', attempts: 3, createdAt: ago(31) },
      {
        kind: 'unsubscribe',
        email: 'refused-lately@example.com',
        status: 'failed',
        attempts: 8,
        createdAt: ago(29),
      },
      // A sign-up of a fan who is still here is theirs to keep.
      { userId: fan.user.id, email: fan.user.email, status: 'done', createdAt: ago(31) },
    ]);
    expect((await purgeRetainedData(t.db)).newsletterRemovals).toBe(2);
    const left = await t.db.select({ email: newsletterQueue.email }).from(newsletterQueue);
    expect(left.map((r) => r.email).sort()).toEqual([fan.user.email, 'refused-lately@example.com'].sort());
  });

  it('removes password reset links once expired or used, and mail allowances whose hour is over', async () => {
    const fan = await createUser(t.db);
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
    await t.db.insert(passwordResets).values([
      { tokenHash: 'reset-expired', userId: fan.user.id, expiresAt: new Date(Date.now() - 1000) },
      { tokenHash: 'reset-used', userId: fan.user.id, expiresAt: inAnHour, usedAt: new Date() },
      { tokenHash: 'reset-live', userId: fan.user.id, expiresAt: inAnHour },
    ]);
    await t.db.insert(mailQuota).values([
      { email: 'quota-stale@example.com', windowStart: new Date(Date.now() - 61 * 60 * 1000), count: 3 },
      { email: 'quota-current@example.com', windowStart: new Date(Date.now() - 59 * 60 * 1000), count: 3 },
    ]);
    const result = await purgeRetainedData(t.db);
    expect(result).toMatchObject({ passwordResets: 2, mailQuotas: 1 });
    const resets = await t.db.select({ tokenHash: passwordResets.tokenHash }).from(passwordResets);
    expect(resets.map((r) => r.tokenHash)).toEqual(['reset-live']);
    const quotas = await t.db.select({ email: mailQuota.email }).from(mailQuota);
    expect(quotas.map((q) => q.email)).toEqual(['quota-current@example.com']);
  });

  it('copes with no outbox at all', async () => {
    const missing = path.join(outboxDir, 'does-not-exist');
    expect((await purgeRetainedData(t.db, { outboxDir: missing })).outboxMails).toBe(0);
  });
});
