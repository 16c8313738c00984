import { AUTH_ERRORS, type ResetPasswordBody } from '@shared/auth';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailVerifications, failedLogins, passwordResets, sessions, users } from '../../db/schema';
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
export async function resendVerification(
  deps: AuthDeps,
  email: string,
  browser: string | null,
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.emailVerified) return;
  const token = await deps.db.transaction(async (tx) => {
    // Asking for the mail proves nothing about the password: the new link keeps it only for the browser
    // that signed up, as the link it replaces did.
    const signedUpHere =
      browser !== null &&
      (
        await tx
          .select({ userId: emailVerifications.userId })
          .from(emailVerifications)
          .where(
            and(
              eq(emailVerifications.userId, user.id),
              eq(emailVerifications.browserHash, hashToken(browser)),
            ),
          )
          .limit(1)
      ).length > 0;
    return issueVerificationLink(tx, user, signedUpHere ? browser : null);
  });
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
  input: ResetPasswordBody,
): Promise<{ id: string; email: string; newsletterOptIn: boolean }> {
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
      // A verification link's follower states their own name and newsletter wish here: the account's
      // may be a stranger's.
      .set({
        passwordHash,
        ...(input.name ? { name: input.name } : {}),
        ...(input.newsletterOptIn === undefined ? {} : { newsletterOptIn: input.newsletterOptIn }),
        updatedAt: now,
      })
      .where(eq(users.id, spent.userId))
      .returning({ id: users.id, email: users.email, newsletterOptIn: users.newsletterOptIn });
    if (!user) throw badRequest(AUTH_ERRORS.badResetToken);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.delete(failedLogins).where(eq(failedLogins.email, normalizeEmail(user.email)));
    return user;
  });
}
