import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AccountExport } from '@shared/account';
import { ADMIN_USER_ERRORS } from '@shared/admin-users';
import { PRIVACY_POLICY_VERSION } from '@shared/domain';
import type { AppError } from '@shared/errors';
import type { Locale } from '@shared/i18n/locales';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  failedLogins,
  mailQuota,
  matches,
  players,
  ratings,
  type UserRow,
  users,
  userVotes,
} from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { removesLastAdmin } from '../admin-users/admin-users.policy';
import { queueProviderRemoval } from '../newsletter/newsletter.service';
import { subscriptionsOf } from '../push/push.service';
import { mailboxOf, normalizeEmail } from '../users/users.service';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Everything we hold about one fan, in the shape of the export contract. Never a secret. */
export async function exportAccount(db: Database, userId: string, now = new Date()): Promise<AccountExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(ADMIN_USER_ERRORS.notFound);

  const rated = await db
    .select({
      matchId: matches.id,
      matchTitle: matches.title,
      matchDate: matches.scheduledDate,
      playerId: players.id,
      playerName: players.name,
      rating: ratings.rating,
      createdAt: ratings.createdAt,
      updatedAt: ratings.updatedAt,
    })
    .from(ratings)
    .innerJoin(matches, eq(matches.id, ratings.matchId))
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(eq(ratings.userId, userId))
    .orderBy(asc(ratings.matchId), asc(ratings.playerId));

  const motm = alias(players, 'motm');
  const voted = await db
    .select({
      matchId: matches.id,
      matchTitle: matches.title,
      matchDate: matches.scheduledDate,
      motmPlayerId: userVotes.motmPlayerId,
      motmPlayerName: motm.name,
      isFinal: userVotes.isComplete,
      atGround: userVotes.atGround,
      createdAt: userVotes.createdAt,
    })
    .from(userVotes)
    .innerJoin(matches, eq(matches.id, userVotes.matchId))
    .leftJoin(motm, eq(motm.id, userVotes.motmPlayerId))
    .where(eq(userVotes.userId, userId))
    .orderBy(asc(userVotes.matchId));

  return {
    exportedAt: now.toISOString(),
    privacyPolicyVersion: PRIVACY_POLICY_VERSION,
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      avatar: user.avatar,
      isAdmin: user.isAdmin,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt.toISOString(),
      lastLoginAt: iso(user.lastLoginAt),
      newsletterOptIn: user.newsletterOptIn,
      signInMethods: signInMethodsOf(user),
    },
    consent: {
      given: user.consentGiven,
      geolocation: user.geolocationConsent,
      at: iso(user.consentAt),
      policyVersion: user.consentPolicyVersion,
    },
    ratings: rated.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    votes: voted.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
    pushSubscriptions: await subscriptionsOf(db, userId),
  };
}

function signInMethodsOf(user: UserRow): ('password' | 'google')[] {
  const methods: ('password' | 'google')[] = [];
  if (user.passwordHash) methods.push('password');
  if (user.oauthSubject) methods.push('google');
  return methods;
}

export interface DeleteAccountOptions {
  /** DATA_DIR/outbox when the mailer writes mail to files: mail to the fan goes with the account. */
  outboxDir?: string | null;
  /** The 409 when the account is the last admin's (the admin table words it its own way). */
  lastAdminError?: AppError;
}

/** The fan's language, for their other devices and their mails. */
export async function setLocale(db: Database, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

/**
 * Deletes an account and the personal data tied to it, at once: the row (sessions, e-mail
 * verifications, password reset links, newsletter queue entries and push subscriptions cascade), failed sign-ins and the
 * mail allowance recorded under its e-mail, and mail written to it; an address already sent to the
 * newsletter provider is queued for removal there. Its ratings and votes stay as anonymous rows (the
 * foreign keys set null), so every match's figures stay right; those of a ballot held back from the figures
 * go with it. The last admin is refused. Returns the deleted row.
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  options: DeleteAccountOptions = {},
): Promise<UserRow> {
  const deleted = await db.transaction(async (tx) => {
    // Locks every admin row, so two admins deleting each other at once leave one (see admin-users).
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!target) throw notFound(ADMIN_USER_ERRORS.notFound);
    if (removesLastAdmin(target, false, admins.length))
      throw conflict(options.lastAdminError ?? ADMIN_USER_ERRORS.lastAdmin);
    await tx.delete(failedLogins).where(eq(failedLogins.email, normalizeEmail(target.email)));
    await tx.delete(mailQuota).where(eq(mailQuota.email, mailboxOf(target.email)));
    await queueProviderRemoval(tx, userId);
    // A ballot the shield held back or an admin excluded goes whole: kept as anonymous rows it would count
    // again once its review went with the account.
    await tx.execute(sql`
      with kept_out as (delete from ballot_reviews
                        where user_id = ${userId} and verdict <> 'counted' returning match_id)
      , gone_ratings as (delete from ratings r using kept_out k
                         where r.user_id = ${userId} and r.match_id = k.match_id)
      delete from user_votes v using kept_out k where v.user_id = ${userId} and v.match_id = k.match_id`);
    await tx.delete(users).where(eq(users.id, userId));
    return target;
  });
  if (options.outboxDir) await deleteOutboxMailTo(options.outboxDir, deleted.email);
  return deleted;
}

/** Removes the outbox's .eml files whose To: header names the address. Returns how many went. */
export async function deleteOutboxMailTo(outboxDir: string, email: string): Promise<number> {
  const wanted = normalizeEmail(email);
  let removed = 0;
  for (const file of await outboxFiles(outboxDir)) {
    const full = path.join(outboxDir, file);
    const text = await readFile(full, 'utf8').catch(() => '');
    if (recipientsOf(text).includes(wanted)) {
      await rm(full, { force: true });
      removed += 1;
    }
  }
  return removed;
}

export async function outboxFiles(outboxDir: string): Promise<string[]> {
  try {
    return (await readdir(outboxDir)).filter((f) => f.endsWith('.eml'));
  } catch {
    // No outbox yet (nothing was ever mailed, or SMTP is in use).
    return [];
  }
}

/** The addresses of a mail's To: header (folded lines joined), lower-cased. */
export function recipientsOf(eml: string): string[] {
  const head = eml.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const to = unfolded.split(/\r?\n/).find((line) => /^to:/i.test(line));
  if (!to) return [];
  return (to.slice(3).match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? []).map((a) => a.toLowerCase());
}
