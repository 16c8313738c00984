import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
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

/** The signed-in user of a token, or null when the session is unknown or expired. */
export async function findSessionUser(db: Database, token: string): Promise<UserRow | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // Sliding expiry: an active fan stays signed in.
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return row.user;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user (password regenerated, account deleted). */
export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
