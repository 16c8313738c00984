import type { PublicUser } from '@shared/auth';
import { isLocale } from '@shared/i18n/locales';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserRow, users, userVotes } from '../../db/schema';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Providers that deliver every dotted spelling of a local part to one mailbox. */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, as far as the address tells: `fan+0@` … `fan+39@` all reach
 * `fan@` (sub-addressing, which the big providers honour), and Gmail ignores dots. What a limit per
 * recipient counts, so a tag per request cannot multiply one inbox's allowance.
 */
export function mailboxOf(email: string): string {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
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
