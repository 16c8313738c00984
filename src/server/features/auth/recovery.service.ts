import { AUTH_ERRORS } from '@shared/auth';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { failedLogins, passwordResets, sessions, users } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import { findUserByEmail, normalizeEmail } from '../users/users.service';
import { type AuthDeps, mailBranding, sendVerificationMail } from './auth.service';
import { issueResetLink, issueVerificationLink } from './auth-links';
import { mailLocale, passwordResetMail } from './auth-mails';

/**
 * Mails an unverified account a fresh /confirm link (the old one stops working). Any other address gets
 * nothing; the caller answers alike for all, so this says nothing about who has an account.
 */
export async function resendVerification(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerified) return;
  const token = await deps.db.transaction((tx) => issueVerificationLink(tx, user));
  if (token) await sendVerificationMail(deps, user, token);
}

/**
 * Mails a verified account a one-hour, single-use link to choose a new password (an account made through
 * the social provider too: owning the mailbox lets it set one). An unverified sign-up never proved the
 * address, and an unknown one has no account: they get nothing.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user?.emailVerified) return;
  const token = await deps.db.transaction((tx) => issueResetLink(tx, user));
  if (!token) return;
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    passwordResetMail({
      to: user.email,
      name: user.name,
      link,
      ...(await mailBranding(deps)),
      locale: mailLocale(user.locale),
    }),
  );
}

/**
 * Spends the reset token (one statement, so it works exactly once) and, in the same transaction, sets
 * the new password, ends every session of the user, retires their other reset links and lifts any
 * sign-in lockout. Does not sign in. Returns the user's id.
 */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string },
): Promise<string> {
  // Hashed before the token is looked at: a bad token costs the same time as a good one.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) throw badRequest(AUTH_ERRORS.badResetToken);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, spent.userId))
      .returning({ id: users.id, email: users.email });
    if (!user) throw badRequest(AUTH_ERRORS.badResetToken);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.delete(failedLogins).where(eq(failedLogins.email, normalizeEmail(user.email)));
    return user.id;
  });
}
