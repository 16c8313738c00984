import { ADMIN_USER_ERRORS, type AdminUser, type UserFields } from '@shared/admin-users';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { failedLogins, type UserRow, users, userVotes } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { deleteUserSessions } from '../../lib/sessions';
import { deleteAccount } from '../account/account.service';
import { normalizeEmail } from '../users/users.service';
import { removesLastAdmin } from './admin-users.policy';

function toAdminUser(row: UserRow, voteCount: number): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    isAdmin: row.isAdmin,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    voteCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Final votes only: the figure the table shows as Vote Count. */
async function voteCountOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userVotes)
    .where(and(eq(userVotes.userId, userId), eq(userVotes.isComplete, true)));
  return Number(row?.n ?? 0);
}

/** Every account, newest first, with its count of final votes. */
export async function listAdminUsers(db: Database): Promise<AdminUser[]> {
  const votes = db
    .select({ userId: userVotes.userId, n: count().as('n') })
    .from(userVotes)
    .where(eq(userVotes.isComplete, true))
    .groupBy(userVotes.userId)
    .as('votes');
  const list = await db
    .select({ user: users, voteCount: votes.n })
    .from(users)
    .leftJoin(votes, eq(votes.userId, users.id))
    .orderBy(desc(users.createdAt), desc(users.id));
  return list.map((r) => toAdminUser(r.user, Number(r.voteCount ?? 0)));
}

/** An account made by an admin: verified at once, with a generated password shown to the admin once. */
export async function createAdminUser(
  db: Database,
  input: UserFields,
): Promise<{ user: AdminUser; newPassword: string }> {
  const email = normalizeEmail(input.email);
  await assertEmailFree(db, email);
  const newPassword = generatePassword();
  const passwordHash = await hashPassword(newPassword);
  try {
    const [row] = await db
      .insert(users)
      .values({ name: input.name, email, isAdmin: input.isAdmin, passwordHash, emailVerified: true })
      .returning();
    if (!row) throw new Error('user not created');
    return { user: toAdminUser(row, 0), newPassword };
  } catch (error) {
    throw asEmailTaken(error);
  }
}

/** Name, e-mail and the admin flag; the last admin keeps the flag. */
export async function updateAdminUser(db: Database, id: string, input: UserFields): Promise<AdminUser> {
  const email = normalizeEmail(input.email);
  try {
    const row = await db.transaction(async (tx) => {
      const admins = await lockAdmins(tx);
      const target = await requireUser(tx, id);
      if (removesLastAdmin(target, input.isAdmin, admins)) throw conflict(ADMIN_USER_ERRORS.lastAdmin);
      await assertEmailFree(tx, email, id);
      const [updated] = await tx
        .update(users)
        .set({ name: input.name, email, isAdmin: input.isAdmin, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!updated) throw notFound(ADMIN_USER_ERRORS.notFound);
      return updated;
    });
    return toAdminUser(row, await voteCountOf(db, id));
  } catch (error) {
    throw asEmailTaken(error);
  }
}

/**
 * Deletes the account through the same path as a fan deleting their own (account.service), so both
 * remove the same personal data; its ratings and votes stay, anonymous. The last admin is refused.
 */
export async function deleteAdminUser(db: Database, id: string, outboxDir?: string | null): Promise<void> {
  await deleteAccount(db, id, { outboxDir, lastAdminError: ADMIN_USER_ERRORS.lastAdmin });
}

/** A new generated password; every session of the user ends and any sign-in lockout is lifted. */
export async function regeneratePassword(db: Database, id: string): Promise<string> {
  const newPassword = generatePassword();
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const target = await requireUser(tx, id);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    await deleteUserSessions(tx, id);
    await tx.delete(failedLogins).where(eq(failedLogins.email, normalizeEmail(target.email)));
  });
  return newPassword;
}

async function requireUser(db: Database, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(ADMIN_USER_ERRORS.notFound);
  return row;
}

/**
 * Locks every admin row until the transaction ends and counts them. Two admins demoting each other at
 * once: the second waits, then no longer sees the first's victim as an admin, and is refused.
 */
async function lockAdmins(db: Database): Promise<number> {
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
  return admins.length;
}

async function assertEmailFree(db: Database, email: string, exceptId?: string): Promise<void> {
  const taken = sql`lower(${users.email}) = ${email}`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(taken, ne(users.id, exceptId)) : taken)
    .limit(1);
  if (row) throw conflict(ADMIN_USER_ERRORS.emailTaken);
}

/** A unique-index violation on the e-mail (two admins adding the same address at once) is a 409 too. */
function asEmailTaken(error: unknown): unknown {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return conflict(ADMIN_USER_ERRORS.emailTaken);
    e = (e as { cause?: unknown }).cause;
  }
  return error;
}
