import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './domain';
import { endpoint } from './endpoint';
import { defineErrors, errorKey } from './errors';
import { localeSchema } from './i18n/locales';

/** The sign-in errors the forms and the server share, word for word as the product words them. */
export const AUTH_ERRORS = defineErrors('auth', {
  passwordTooShort: 'Password must be at least 8 characters long',
  nameRequired: 'Name is required',
  invalidEmail: 'Invalid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified:
    'Please verify your email address before signing in. Check your inbox for the verification link.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  emailTakenBySocial: 'An account with this email already exists. Please sign in with Google instead.',
  badToken: 'This verification link is invalid or has already been used.',
  /** A link followed twice: its owner has an account, verified by the first visit. */
  linkUsed:
    'This verification link has already been used, so your email address is verified. Sign in to continue.',
  badResetToken: 'This password reset link is invalid, has expired or has already been used.',
  tooManyLogins: 'Too many failed sign-in attempts for this account. Please try again in 15 minutes.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  notAuthenticated: 'Not authenticated',
});

/** What the sign-in calls answer when they succeed. */
export const AUTH_MESSAGES = {
  registered: 'Registration successful. Please check your email to verify your account.',
  loggedIn: 'Login successful',
  loggedOut: 'Logged out',
  verified: "Email verified. You're signed in.",
  /** The same answer for every address, so it says nothing about who has an account. */
  resetRequested:
    'If an account with this email exists, we have sent a link to reset your password. Check your inbox.',
  /** The same answer for every address, so it says nothing about who has an account. */
  verificationResent:
    'If this email is waiting to be verified, we have sent a new verification link. Check your inbox.',
  passwordReset: 'Your password has been changed. Please sign in with your new password.',
  choosePassword: 'Email verified. To keep your account safe, choose your name and password to finish.',
  /** The link was another account's: the browser stays signed in as it was. */
  verifiedKeptSession:
    'Email verified. You are still signed in to your own account: sign out first to use the other one.',
} as const;

export const emailField = z
  .string({ error: errorKey(AUTH_ERRORS.emailRequired) })
  .trim()
  .min(1, errorKey(AUTH_ERRORS.emailRequired))
  .max(254, errorKey(AUTH_ERRORS.invalidEmail))
  .pipe(z.email({ error: errorKey(AUTH_ERRORS.invalidEmail) }));

export const newPasswordField = z
  .string({ error: errorKey(AUTH_ERRORS.passwordRequired) })
  .min(PASSWORD_MIN_LENGTH, errorKey(AUTH_ERRORS.passwordTooShort))
  .max(200, 'Password must be at most 200 characters long');

export const nameField = z
  .string({ error: errorKey(AUTH_ERRORS.nameRequired) })
  .trim()
  .min(1, errorKey(AUTH_ERRORS.nameRequired))
  .max(100, 'Name must be at most 100 characters long');

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: errorKey(AUTH_ERRORS.passwordRequired) })
    .min(1, errorKey(AUTH_ERRORS.passwordRequired))
    .max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  email: emailField,
  password: newPasswordField,
  name: nameField,
  newsletterOptIn: z.boolean().optional().default(false),
  /** The language the fan signs up in: the account keeps it for its mails. */
  locale: localeSchema.optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const confirmBody = z.object({
  token: z
    .string({ error: errorKey(AUTH_ERRORS.badToken) })
    .trim()
    .min(1, errorKey(AUTH_ERRORS.badToken))
    .max(200),
});

/** POST /api/auth/forgot-password and POST /api/auth/resend-verification. */
export const emailOnlyBody = z.object({ email: emailField });
export type EmailOnlyBody = z.input<typeof emailOnlyBody>;

/** POST /api/auth/reset-password: the token from the mailed link and the new password (sign-up rules). */
export const resetPasswordBody = z.object({
  token: z
    .string({ error: errorKey(AUTH_ERRORS.badResetToken) })
    .trim()
    .min(1, errorKey(AUTH_ERRORS.badResetToken))
    .max(200, errorKey(AUTH_ERRORS.badResetToken)),
  password: newPasswordField,
  /**
   * Asked when a verification link's follower chooses the password: the account may carry a stranger's
   * name and newsletter wish, so its owner states their own.
   */
  name: nameField.optional(),
  newsletterOptIn: z.boolean().optional(),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const consentBody = z.object({
  consentGiven: z.boolean(),
  geolocationConsent: z.boolean().optional().default(false),
});
export type ConsentBody = z.input<typeof consentBody>;

/** The user as the page sees it. Never the hash, never another user's e-mail. */
export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  isAdmin: z.boolean(),
  consentGiven: z.boolean(),
  geolocationConsent: z.boolean(),
  lastLoginAt: z.string().nullable(),
  voteCount: z.number().int(),
  createdAt: z.string(),
  /** The language the fan chose; optional so a copy kept by an older page still reads. */
  locale: localeSchema.nullable().optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const authResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  requiresVerification: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponse>;

export const loginResponse = authResponse.extend({ user: publicUser });
/**
 * A followed verification link signs the fan in: the session cookie is set, and the user comes back.
 * When the address was signed up more than once before it was verified, the follower chooses the
 * password instead: no session, and a token for POST /api/auth/reset-password.
 */
export const confirmResponse = authResponse.extend({
  user: publicUser.optional(),
  choosePasswordToken: z.string().optional(),
});
export type ConfirmResponse = z.infer<typeof confirmResponse>;
export const meResponse = z.object({ user: publicUser });
export const consentResponse = z.object({ user: publicUser });

export const userIdField = z.uuid({ error: 'Invalid user id' });
export const userIdParams = z.object({ id: userIdField });

/** What the page learns about sign-in options before rendering the auth screens. */
export const authProviders = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProviders>;

/**
 * Why a social sign-in came back to the sign-in screen (`/signin?auth=error&reason=...`). The server
 * sends only the reason; the page shows its text, so no message can be forged through the address.
 */
export const OAUTH_FAILURES = {
  access_denied:
    'Sign-in with Google was cancelled. Choose Continue with Google to try again, or sign in with your email.',
  invalid_state:
    'Your sign-in with Google expired or was started in another tab or browser. Please try again.',
  provider_unavailable:
    'Google sign-in is not reachable right now. Please try again in a few minutes, or sign in with your email.',
  provider_error: 'Google could not confirm your sign-in. Please try again.',
  email_missing:
    'Google did not share your email address, which your account needs. Please sign in with your email.',
  email_unverified:
    'Your Google email address is not verified, so it cannot be used to sign in here. Verify it with Google, or sign in with your email and password.',
  not_configured: 'Sign-in with Google is not available. Please sign in with your email.',
  rate_limited: AUTH_ERRORS.tooManyRequests.message,
  failed: 'Sign-in with Google failed. Please try again.',
} as const;
export const oauthFailureReason = z.enum(Object.keys(OAUTH_FAILURES) as [keyof typeof OAUTH_FAILURES]);
export type OAuthFailureReason = z.infer<typeof oauthFailureReason>;

/** The sign-in screen's address after a failed social sign-in. */
export function oauthFailurePath(reason: OAuthFailureReason): string {
  return `/signin?${new URLSearchParams({ auth: 'error', reason }).toString()}`;
}

/** The failure a sign-in screen's query carries, or null; an unknown reason still reads as a failure. */
export function readOAuthFailure(search: string): OAuthFailureReason | null {
  const params = new URLSearchParams(search);
  if (params.get('auth') !== 'error') return null;
  return oauthFailureReason.catch('failed').parse(params.get('reason'));
}

/** Where the social sign-in lands: `/?auth=success&token=...&user=<url-encoded JSON>`. */
export function oauthSuccessPath(token: string, user: PublicUser): string {
  // encodeURIComponent rather than URLSearchParams: '%20', never '+', reads the same for every decoder.
  return `/?auth=success&token=${encodeURIComponent(token)}&user=${encodeURIComponent(JSON.stringify(user))}`;
}

/** The session as every page needs it: who is signed in, signing out, which providers are on. */
export const authApi = {
  /** The signed-in user; 401 without a session. */
  me: endpoint({ method: 'GET', path: '/api/auth/me', response: meResponse }),
  /** Ends the session the request carries (cookie or bearer) and clears the cookie; always 200. */
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', response: authResponse }),
  providers: endpoint({ method: 'GET', path: '/api/auth/providers', response: authProviders }),
};
