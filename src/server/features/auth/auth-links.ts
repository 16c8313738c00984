import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailVerifications, mailQuota, passwordResets } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/tokens';
import { mailboxOf } from '../users/users.service';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Mails one mailbox may receive in an hour, whatever asked for them (sign-up, resend, reset). */
export const MAILS_PER_HOUR = 3;
export const VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Takes one mail from the allowance of the address's mailbox (its `+tag`s and, at Gmail, its dots are one
 * inbox) for its current hour. One statement, so parallel requests
 * on any instance cannot pass the limit; the row stays locked until the transaction ends, which also
 * makes link issuing for one address take turns. False when the allowance is spent.
 */
export async function takeMailQuota(tx: Transaction, email: string): Promise<boolean> {
  const windowOver = sql`${mailQuota.windowStart} <= now() - interval '1 hour'`;
  const [row] = await tx
    .insert(mailQuota)
    .values({ email: mailboxOf(email), windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: mailQuota.email,
      set: {
        windowStart: sql`case when ${windowOver} then now() else ${mailQuota.windowStart} end`,
        count: sql`case when ${windowOver} then 1 else ${mailQuota.count} + 1 end`,
      },
    })
    .returning({ count: mailQuota.count });
  return row !== undefined && row.count <= MAILS_PER_HOUR;
}

interface LinkOwner {
  id: string;
  email: string;
}

/**
 * A new e-mail verification token for the user, or null when the address's mail allowance is spent.
 * Every older unused link of the user stops working: one live link per account. `browser` is the
 * asking browser's sign-up token, if it has one: only a follower holding it keeps the account's password.
 */
export async function issueVerificationLink(
  tx: Transaction,
  user: LinkOwner,
  browser: string | null,
): Promise<string | null> {
  if (!(await takeMailQuota(tx, user.email))) return null;
  await tx
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.usedAt)));
  const token = randomToken();
  await tx.insert(emailVerifications).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    browserHash: browser ? hashToken(browser) : null,
  });
  return token;
}

/**
 * A new password reset token for the user (one hour, single use), or null when the address's mail
 * allowance is spent. Every older unused reset link of the user stops working.
 */
export async function issueResetLink(tx: Transaction, user: LinkOwner): Promise<string | null> {
  if (!(await takeMailQuota(tx, user.email))) return null;
  return newResetToken(tx, user.id);
}

/** A reset token handed over without a mail (the page that proved the mailbox holds it): no allowance. */
export async function newResetToken(tx: Transaction, userId: string): Promise<string> {
  await tx
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  const token = randomToken();
  await tx.insert(passwordResets).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  return token;
}
