import { AUTH_MESSAGES, type ConsentBody, type LoginBody, type PublicUser } from '@shared/auth';
import { PRIVACY_POLICY_VERSION } from '@shared/domain';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailVerifications, failedLogins, type UserRow, users } from '../../db/schema';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  tooManyRequests,
  unauthorized,
} from '../../lib/http-error';
import type { Mailer } from '../../lib/mailer';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { createSession, deleteSession } from '../../lib/sessions';
import { hashToken, randomToken } from '../../lib/tokens';
import { findUserByEmail, findUserById, normalizeEmail, toPublicUser } from '../users/users.service';
import { verificationMail } from './verification-mail';

export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
export const LOCKOUT_MAX_FAILURES = 10;
const VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  companyName: () => Promise<string>;
  /** Told of each new sign-up after its mail went out (the newsletter queue); its failure never fails the sign-up. */
  onRegistered?: (user: { userId: string; email: string; newsletterOptIn: boolean }) => Promise<void>;
}

export interface RegisterInput {
  email: string;
  password: string;
  name: string;
  newsletterOptIn: boolean;
}

/**
 * Creates the account (or refreshes an unverified one, so 'Sign Up Again' works) and mails the link.
 * If the mail cannot be sent nothing stays behind: a new account is removed again.
 */
export async function register(deps: AuthDeps, input: RegisterInput): Promise<void> {
  const { db } = deps;
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(db, email);
  if (existing?.emailVerified) {
    // An account made through the social provider has no password to sign in with: say which way works.
    throw conflict(existing.passwordHash ? AUTH_MESSAGES.emailTaken : AUTH_MESSAGES.emailTakenBySocial);
  }

  const passwordHash = await hashPassword(input.password);
  const token = randomToken();
  let userId: string;
  try {
    userId = await db.transaction(async (tx) => {
      const [user] = existing
        ? await tx
            .update(users)
            .set({
              name: input.name,
              passwordHash,
              newsletterOptIn: input.newsletterOptIn,
              updatedAt: new Date(),
            })
            .where(and(eq(users.id, existing.id), eq(users.emailVerified, false)))
            .returning({ id: users.id })
        : await tx
            .insert(users)
            .values({ email, name: input.name, passwordHash, newsletterOptIn: input.newsletterOptIn })
            .returning({ id: users.id });
      if (!user) throw conflict(AUTH_MESSAGES.emailTaken);
      await tx.insert(emailVerifications).values({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
      });
      return user.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken);
    throw error;
  }

  try {
    const link = `${deps.publicUrl}/confirm?token=${encodeURIComponent(token)}`;
    await deps.mailer.send(
      verificationMail({ to: email, name: input.name, link, company: await deps.companyName() }),
    );
  } catch (error) {
    if (existing)
      await db.delete(emailVerifications).where(eq(emailVerifications.tokenHash, hashToken(token)));
    else await db.delete(users).where(eq(users.id, userId));
    throw new HttpError(503, 'We could not send the verification email. Please try again in a few minutes.', {
      cause: error,
    });
  }
  await deps.onRegistered?.({ userId, email, newsletterOptIn: input.newsletterOptIn }).catch(() => undefined);
}

export interface LoginResult {
  token: string;
  user: PublicUser;
}

export async function login(deps: AuthDeps, input: LoginBody, context: SessionContext): Promise<LoginResult> {
  const { db } = deps;
  const email = normalizeEmail(input.email);
  const since = new Date(Date.now() - LOCKOUT_WINDOW_MS);
  // Checked before the password, so a locked account cannot be brute-forced at all.
  const [failures] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(failedLogins)
    .where(and(eq(failedLogins.email, email), gt(failedLogins.at, since)));
  if ((failures?.n ?? 0) >= LOCKOUT_MAX_FAILURES) throw tooManyRequests(AUTH_MESSAGES.tooManyLogins);

  const user = await findUserByEmail(db, email);
  // Verify against a dummy hash for unknown e-mails, so timing does not reveal which accounts exist.
  const ok =
    (await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password)) &&
    user !== undefined;
  if (!user || !ok) {
    await db.insert(failedLogins).values({ email });
    await db.delete(failedLogins).where(and(eq(failedLogins.email, email), lt(failedLogins.at, since)));
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  if (!user.emailVerified) throw forbidden(AUTH_MESSAGES.emailNotVerified);

  const result = await startSession(db, user, context);
  await db.delete(failedLogins).where(eq(failedLogins.email, email));
  return result;
}

export interface SessionContext {
  userAgent?: string;
  /** The session the browser held before signing in, if any. */
  previousToken?: string | null;
}

/**
 * Signs a user in, whatever proved who they are (password or social provider): a new session id every
 * time, the one the browser held before ended, and lastLoginAt recorded.
 */
export async function startSession(
  db: Database,
  user: UserRow,
  context: SessionContext,
): Promise<LoginResult> {
  if (context.previousToken) await deleteSession(db, context.previousToken);
  const token = await createSession(db, user.id, context.userAgent);
  const now = new Date();
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  return { token, user: await toPublicUser(db, { ...user, lastLoginAt: now }) };
}

/** Marks the token used and the e-mail verified, in one statement so a token works exactly once. */
export async function confirmEmail(db: Database, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerifications)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, new Date()),
        ),
      )
      .returning({ userId: emailVerifications.userId });
    if (!used) throw badRequest(AUTH_MESSAGES.badToken);
    await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, used.userId));
  });
}

export async function updateConsent(db: Database, userId: string, input: ConsentBody): Promise<PublicUser> {
  const given = input.consentGiven;
  const [user] = await db
    .update(users)
    .set({
      consentGiven: given,
      geolocationConsent: given ? (input.geolocationConsent ?? false) : false,
      consentAt: given ? new Date() : null,
      consentPolicyVersion: given ? PRIVACY_POLICY_VERSION : null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw unauthorized();
  return toPublicUser(db, user);
}

export async function currentUser(db: Database, userId: string): Promise<PublicUser> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return toPublicUser(db, user);
}

/** A unique index refused the row (two sign-ups of one address at once). */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
