import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../../tests/server/test-db';
import type { DbHandle } from '../../db/client';
import { users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { ensureAdmin, GENERATED_ADMIN_EMAIL } from './seed-admin';

let handle: DbHandle;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

it('creates one admin with a printed random password on a database without one, and only once', async () => {
  const printed: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  await ensureAdmin(handle.db, log, {});
  await ensureAdmin(handle.db, log, {});
  spy.mockRestore();
  expect(printed).toHaveLength(1);
  const password = printed[0]?.match(/password: (\S+)/)?.[1] ?? '';
  const admins = await handle.db.select().from(users).where(eq(users.isAdmin, true));
  expect(admins.map((a) => a.email)).toEqual([GENERATED_ADMIN_EMAIL]);
  expect(admins[0]?.emailVerified).toBe(true);
  expect(await verifyPassword(admins[0]?.passwordHash ?? null, password)).toBe(true);
});

it('makes ADMIN_EMAIL an admin with ADMIN_PASSWORD at every start', async () => {
  await ensureAdmin(handle.db, log, { email: 'Boss@Club.example', password: 'first-password' });
  await ensureAdmin(handle.db, log, { email: 'boss@club.example', password: 'second-password' });
  const rows = await handle.db.select().from(users).where(eq(users.email, 'boss@club.example'));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ isAdmin: true, emailVerified: true });
  expect(await verifyPassword(rows[0]?.passwordHash ?? null, 'second-password')).toBe(true);
});
