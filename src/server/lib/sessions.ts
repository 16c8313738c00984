import { and, eq, gt, sql } from 'drizzle-orm';
import { type Database, perDatabase } from '../db/client';
import { sessions, type UserRow, users } from '../db/schema';
import { hashToken, randomToken } from './tokens';

export const SESSION_COOKIE = 'matchday_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is refreshed at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export async function createSession(db: Database, userId: string, userAgent?: string): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

// Run on every signed-in request that misses the session cache: prepared once per database.
const sessionUserQuery = perDatabase((db) =>
  db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user'),
);

/** The signed-in user of a token hash and when the session ends, or null when unknown or expired. */
export async function findSession(
  db: Database,
  tokenHash: string,
): Promise<{ user: UserRow; expiresAt: Date } | null> {
  const [row] = await sessionUserQuery(db).execute({ tokenHash });
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // Sliding expiry: an active fan stays signed in.
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt })
      .where(eq(sessions.tokenHash, tokenHash));
    return { user: row.user, expiresAt };
  }
  return { user: row.user, expiresAt: row.expiresAt };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user (password regenerated, account deleted). */
export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
