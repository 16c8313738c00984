import { AUTH_ERRORS, type ConsentBody, type LoginBody, type PublicUser } from '@shared/auth';
import { PRIVACY_POLICY_VERSION } from '@shared/domain';
import { REQUEST_ERRORS } from '@shared/error-messages';
import type { AppError } from '@shared/errors';
import type { Locale } from '@shared/i18n/locales';
import { type Customization, coloursOf } from '@shared/settings';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { emailVerifications, failedLogins, sessions, type UserRow, users } from '../../db/schema';
import {
  badRequest,
  conflict,
  forbidden,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
} from '../../lib/http-error';
import type { Mailer } from '../../lib/mailer';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { createSession, deleteSession } from '../../lib/sessions';
import { hashToken } from '../../lib/tokens';
import { findUserByEmail, findUserById, normalizeEmail, toPublicUser } from '../users/users.service';
import { issueVerificationLink, newResetToken } from './auth-links';
import { mailLocale, verificationMail } from './auth-mails';

export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
export const LOCKOUT_MAX_FAILURES = 10;
/** The first key of the advisory locks that make one account's sign-in attempts take turns. */
const LOGIN_LOCK_CLASS = 72_016_502;

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  /** The club's branding as it is now: its name and colours go into the mails. */
  branding: () => Promise<Customization>;
  /** Told of each new sign-up after its mail went out (the newsletter queue); its failure never fails the sign-up. */
  onRegistered?: (user: { userId: string; email: string; newsletterOptIn: boolean }) => Promise<void>;
}

/** What a mail shows of the club: its name and its colours. */
export async function mailBranding(deps: Pick<AuthDeps, 'branding'>) {
  const branding = await deps.branding();
  return { company: branding.companyName, colours: coloursOf(branding) };
}

export interface RegisterInput {
  email: string;
  password: string;
  name: string;
  newsletterOptIn: boolean;
  /** The language signed up in: the account's mails are written in it. */
  locale?: Locale | null;
  /** The signing-up browser's sign-up token: the link it mails keeps the password only for this browser. */
  browser: string;
  /** The network the sign-up came from (a /24 or /56, see lib/network.ts), for the shield's signals. */
  network: string | null;
}

interface SignUp {
  user: UserRow;
  /** The verification token to mail, or null when the address's mail allowance is spent. */
  token: string | null;
  isNew: boolean;
}

/**
 * Creates the account and mails the link. An address with an unverified account is never changed by
 * this (an unauthenticated request): its owner gets a fresh link, and the answer is a new sign-up's.
 * If the mail cannot be sent nothing stays behind: a new account is removed again.
 */
export async function register(deps: AuthDeps, input: RegisterInput): Promise<void> {
  const { db } = deps;
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(db, email);
  if (existing?.emailVerified) throw emailTaken(existing);
  // Hashed on every path, so a repeated sign-up takes as long as a new one.
  const passwordHash = await hashPassword(input.password);
  const signUp = existing
    ? await repeatSignUp(db, existing, input.browser)
    : await createAccount(db, { ...input, email, passwordHash });

  if (signUp.token) {
    try {
      await sendVerificationMail(deps, signUp.user, signUp.token, !signUp.isNew);
    } catch (error) {
      if (signUp.isNew) await db.delete(users).where(eq(users.id, signUp.user.id));
      else
        await db.delete(emailVerifications).where(eq(emailVerifications.tokenHash, hashToken(signUp.token)));
      throw serviceUnavailable(REQUEST_ERRORS.mailFailed, { cause: error });
    }
  }
  if (signUp.isNew)
    await deps
      .onRegistered?.({ userId: signUp.user.id, email, newsletterOptIn: input.newsletterOptIn })
      .catch(() => undefined);
}

async function createAccount(
  db: Database,
  input: Omit<RegisterInput, 'password'> & { passwordHash: string },
): Promise<SignUp> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          name: input.name,
          passwordHash: input.passwordHash,
          newsletterOptIn: input.newsletterOptIn,
          locale: input.locale ?? null,
          signupNetwork: input.network,
        })
        .returning();
      if (!user) throw new Error('user not created');
      return { user, token: await issueVerificationLink(tx, user, input.browser), isNew: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another request signed the address up at the same moment: from here on it is an existing account.
    const other = await findUserByEmail(db, input.email);
    if (!other) throw conflict(AUTH_ERRORS.emailTaken);
    if (other.emailVerified) throw emailTaken(other);
    return repeatSignUp(db, other, input.browser);
  }
}

async function repeatSignUp(db: Database, user: UserRow, browser: string): Promise<SignUp> {
  const token = await db.transaction(async (tx) => {
    // Nothing the request sent is kept; the flag only makes the link's follower choose the password.
    await tx.update(users).set({ signupContested: true }).where(eq(users.id, user.id));
    return issueVerificationLink(tx, user, browser);
  });
  return { user, token, isNew: false };
}

/** An account made through the social provider has no password to sign in with: say which way works. */
const emailTaken = (user: UserRow) =>
  conflict(user.passwordHash ? AUTH_ERRORS.emailTaken : AUTH_ERRORS.emailTakenBySocial);

export async function sendVerificationMail(
  deps: AuthDeps,
  user: { email: string; name: string; locale: string | null },
  token: string,
  repeat = false,
): Promise<void> {
  const link = `${deps.publicUrl}/confirm?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    verificationMail({
      to: user.email,
      name: user.name,
      link,
      ...(await mailBranding(deps)),
      repeat,
      locale: mailLocale(user.locale),
    }),
  );
}

export interface LoginResult {
  token: string;
  user: PublicUser;
}

export async function login(deps: AuthDeps, input: LoginBody, context: SessionContext): Promise<LoginResult> {
  const { db } = deps;
  const email = normalizeEmail(input.email);
  const attempt = await recordAttempt(db, email);
  if (attempt === null) throw tooManyRequests(AUTH_ERRORS.tooManyLogins);

  const user = await findUserByEmail(db, email);
  // Verify against a dummy hash for unknown e-mails, so timing does not reveal which accounts exist.
  let ok: boolean;
  try {
    ok =
      (await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password)) &&
      user !== undefined;
  } catch (error) {
    // Never checked (the hashing queue was full): no failure to count against the account.
    await db
      .delete(failedLogins)
      .where(eq(failedLogins.id, attempt))
      .catch(() => undefined);
    throw error;
  }
  if (!user || !ok) {
    // The attempt stays as the failure; what fell out of the window goes.
    await db
      .delete(failedLogins)
      .where(
        and(eq(failedLogins.email, email), lt(failedLogins.at, new Date(Date.now() - LOCKOUT_WINDOW_MS))),
      );
    throw unauthorized(AUTH_ERRORS.invalidCredentials);
  }
  if (!user.emailVerified) {
    await db.delete(failedLogins).where(eq(failedLogins.id, attempt));
    throw forbidden(AUTH_ERRORS.emailNotVerified);
  }

  const result = await startSession(db, user, context);
  await db.delete(failedLogins).where(eq(failedLogins.email, email));
  return result;
}

/**
 * Counts a sign-in attempt as a failure before its password is checked (a right one removes it again),
 * and refuses it with null when the account already has LOCKOUT_MAX_FAILURES in the window. One
 * account's attempts take turns on a lock, so parallel guesses each see all those before them.
 */
async function recordAttempt(db: Database, email: string): Promise<number | null> {
  const window = sql.raw(`interval '${LOCKOUT_WINDOW_MS / 1000} seconds'`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOGIN_LOCK_CLASS}, hashtext(${email}))`);
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into ${failedLogins} (email)
          select ${email}
          where (select count(*) from ${failedLogins}
                 where ${failedLogins.email} = ${email} and ${failedLogins.at} > now() - ${window}) < ${LOCKOUT_MAX_FAILURES}
          returning id`,
    );
    return row ? Number(row.id) : null;
  });
}

export interface SessionContext {
  userAgent?: string;
  /** The session the browser held before signing in, if any. */
  previousToken?: string | null;
}

export interface ConfirmContext extends SessionContext {
  /** Who the browser is signed in as, if anyone: a link to another account never replaces them. */
  signedInAs: string | null;
  /** The browser's sign-up token, if it has one (the sign-up cookie). */
  browser: string | null;
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

/**
 * Why a verification token was refused: a link already followed belongs to a verified account (its
 * owner should sign in, not sign up again); anything else (unknown, replaced, expired) is not valid.
 */
async function whyLinkRefused(db: Pick<Database, 'select'>, token: string): Promise<AppError> {
  const [link] = await db
    .select({ usedAt: emailVerifications.usedAt })
    .from(emailVerifications)
    .where(eq(emailVerifications.tokenHash, hashToken(token)));
  return link?.usedAt ? AUTH_ERRORS.linkUsed : AUTH_ERRORS.badToken;
}

/** A followed link signs the fan in, asks them to choose a password first, or leaves the browser's own session be (see confirmEmail). */
export type ConfirmResult =
  | ({ kind: 'signedIn' } & LoginResult)
  | { kind: 'choosePassword'; resetToken: string }
  | { kind: 'verifiedOnly' };

/** The browser is signed in as another user than the link's. */
const otherThan = (context: ConfirmContext, user: UserRow) =>
  context.signedInAs !== null && context.signedInAs !== user.id;

/**
 * Marks the token used and the e-mail verified, in one statement so a token works exactly once. The
 * follower owns the mailbox, but only the browser that signed up (holding its sign-up token) proves it
 * chose the account's password: followed anywhere else, or after the address was signed up more than once,
 * the password (maybe a stranger's) and the newsletter opt-in (maybe a stranger's wish) are dropped, and the
 * follower gets a reset token to choose a password, and their name, instead of a session. A browser signed
 * in as someone else keeps its session: a link to another account never signs it over (login CSRF).
 */
export async function confirmEmail(
  db: Database,
  token: string,
  context: ConfirmContext,
): Promise<ConfirmResult> {
  const { user, resetToken } = await db.transaction(async (tx) => {
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
      .returning({ userId: emailVerifications.userId, browserHash: emailVerifications.browserHash });
    if (!used) throw badRequest(await whyLinkRefused(tx, token));
    const [verified] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, used.userId))
      .returning();
    if (!verified) throw badRequest(AUTH_ERRORS.badToken);
    const signer =
      used.browserHash !== null &&
      context.browser !== null &&
      hashToken(context.browser) === used.browserHash;
    const keepsPassword = !verified.passwordHash || (signer && !verified.signupContested);
    if (!keepsPassword) {
      await tx
        .update(users)
        .set({ passwordHash: null, signupContested: false, newsletterOptIn: false })
        .where(eq(users.id, verified.id));
      await tx.delete(sessions).where(eq(sessions.userId, verified.id));
    }
    // Someone else's browser gets no way in to this account: its owner sets a password by 'Forgot password'.
    if (otherThan(context, verified)) return { user: verified, resetToken: null };
    return { user: verified, resetToken: keepsPassword ? null : await newResetToken(tx, verified.id) };
  });
  if (otherThan(context, user)) return { kind: 'verifiedOnly' };
  if (resetToken) return { kind: 'choosePassword', resetToken };
  return { kind: 'signedIn', ...(await startSession(db, user, context)) };
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
