import type { PublicUser } from '@shared/auth';
import { isLocale } from '@shared/i18n/locales';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserRow, users, userVotes } from '../../db/schema';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user as the page may see it: listed fields only, voteCount from the votes table. */
export async function toPublicUser(db: Database, user: UserRow): Promise<PublicUser> {
  const [votes] = await db.select({ n: count() }).from(userVotes).where(eq(userVotes.userId, user.id));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    isAdmin: user.isAdmin,
    consentGiven: user.consentGiven,
    geolocationConsent: user.geolocationConsent,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    voteCount: votes?.n ?? 0,
    createdAt: user.createdAt.toISOString(),
    locale: isLocale(user.locale) ? user.locale : null,
  };
}
