import { AUTH_MESSAGES, authApi } from '@shared/auth';
import { REQUEST_ERRORS } from '@shared/error-messages';
import { signInApi } from '@shared/sign-in';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { Changed } from '../../lib/changes';
import { forbidden } from '../../lib/http-error';
import { requestLocale } from '../../lib/i18n';
import type { Metrics } from '../../lib/metrics';
import { networkOf } from '../../lib/network';
import { route } from '../../lib/route';
import { deleteSession } from '../../lib/sessions';
import { randomToken } from '../../lib/tokens';
import {
  clearSessionCookie,
  requireUser,
  setPrivateCookie,
  setSessionCookie,
  signedIn,
} from '../../plugins/auth';
import { canWriteUser } from './auth.policy';
import { type AuthDeps, confirmEmail, currentUser, login, register, updateConsent } from './auth.service';
import { VERIFICATION_TTL_MS } from './auth-links';
import type { MailJobs } from './mail-jobs';
import { requestPasswordReset, resendVerification, resetPassword } from './recovery.service';

export interface AuthRoutesOptions extends AuthDeps {
  googleEnabled: boolean;
  /** Per-address limit on login, register, confirm and recovery: loose, since a carrier's NAT puts thousands of fans behind one address. */
  rateLimit: { max: number; timeWindow: number };
  metrics: Metrics;
  /** Recovery mail goes out after the answer, through these. */
  mailJobs: MailJobs;
}

/**
 * The browser that signs up gets a random token of its own, read only by the sign-in calls: a verification
 * link followed in it keeps the password chosen there; followed anywhere else, its follower chooses one.
 */
const SIGN_UP_COOKIE = 'matchday_signup';
const MAX_SIGN_UP_TOKEN = 200;

function signUpBrowserOf(request: FastifyRequest): string | null {
  const token = request.cookies[SIGN_UP_COOKIE];
  return token && token.length <= MAX_SIGN_UP_TOKEN ? token : null;
}

/** The browser's sign-up token, given now if it has none; it lasts as long as a verification link. */
function signUpBrowser(request: FastifyRequest, reply: FastifyReply): string {
  const token = signUpBrowserOf(request) ?? randomToken();
  setPrivateCookie(reply, SIGN_UP_COOKIE, token, { path: '/api/auth', maxAgeMs: VERIFICATION_TTL_MS });
  return token;
}

/** A sign-in replaces the session it was made from, if any: that user's cached sessions go. */
const replacedSession = (request: FastifyRequest): readonly Changed[] =>
  request.user ? [{ kind: 'user', userId: request.user.id }] : [];

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const limited = { rateLimit: opts.rateLimit };

  // A new, unverified user: nothing holds them yet.
  route(app, signInApi.register, { config: limited, changes: [] }, async (request, reply) => {
    const browser = signUpBrowser(request, reply);
    await register(opts, {
      ...request.body,
      locale: request.body.locale ?? requestLocale(request),
      browser,
      network: networkOf(request.ip),
    });
    return reply
      .status(201)
      .send({ success: true, requiresVerification: true, message: AUTH_MESSAGES.registered });
  });

  // Every answer counts, the per-address limit's 429 (sent before the handler) included.
  const countSignIn: onResponseHookHandler = (_request, reply, done) => {
    const status = reply.statusCode;
    opts.metrics.observeSignIn(
      'password',
      status < 300 ? 'ok' : status === 429 || status === 503 ? 'limited' : 'failed',
      reply.elapsedTime,
    );
    done();
  };

  route(
    app,
    signInApi.login,
    { config: limited, onResponse: countSignIn, changes: replacedSession },
    async (request, reply) => {
      const result = await login(opts, request.body, {
        userAgent: request.headers['user-agent'],
        previousToken: request.sessionToken,
      });
      setSessionCookie(reply, result.token);
      return { success: true, message: AUTH_MESSAGES.loggedIn, user: result.user };
    },
  );

  // The session ends: its cached copy goes, and its open sockets reconnect signed out.
  const endedSession = ({ user, sessionToken }: FastifyRequest): readonly Changed[] =>
    user && sessionToken ? [{ kind: 'access', userId: user.id, sessionToken }] : [];
  route(app, authApi.logout, { changes: endedSession }, async (request, reply) => {
    if (request.sessionToken && request.user) await deleteSession(opts.db, request.sessionToken);
    clearSessionCookie(reply);
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  });

  route(app, authApi.me, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = requireUser(request);
    return { user: await currentUser(opts.db, user.id) };
  });

  route(app, signInApi.confirm, { config: limited, changes: replacedSession }, async (request, reply) => {
    // A followed link signs the fan in, exactly as login does, unless they must choose a password first.
    const result = await confirmEmail(opts.db, request.body.token, {
      userAgent: request.headers['user-agent'],
      previousToken: request.sessionToken,
      signedInAs: request.user?.id ?? null,
      browser: signUpBrowserOf(request),
    });
    if (result.kind === 'verifiedOnly') return { success: true, message: AUTH_MESSAGES.verifiedKeptSession };
    if (result.kind === 'choosePassword')
      return {
        success: true,
        message: AUTH_MESSAGES.choosePassword,
        choosePasswordToken: result.resetToken,
      };
    setSessionCookie(reply, result.token);
    return { success: true, message: AUTH_MESSAGES.verified, user: result.user };
  });

  // Recovery answers the same for every address, at once: the mail, if any, goes out after the answer. Its
  // tokens are kept nowhere but the database.
  const recovery = { config: limited, changes: [] };
  route(app, signInApi.forgotPassword, recovery, async (request) => {
    const { email } = request.body;
    opts.mailJobs.run('password reset mail', () => requestPasswordReset(opts, email));
    return { success: true, message: AUTH_MESSAGES.resetRequested };
  });

  route(app, signInApi.resendVerification, recovery, async (request) => {
    const { email } = request.body;
    const browser = signUpBrowserOf(request);
    opts.mailJobs.run('verification mail', () => resendVerification(opts, email, browser));
    return { success: true, message: AUTH_MESSAGES.verificationResent };
  });

  route(
    app,
    signInApi.resetPassword,
    {
      config: limited,
      // Every session of the user ended: cached ones go, open sockets reconnect signed out.
      changes: (_request, userId: string) => [{ kind: 'access', userId }],
      answer: () => ({ success: true, message: AUTH_MESSAGES.passwordReset }),
    },
    async (request) => {
      const user = await resetPassword(opts.db, request.body);
      // A verification link's follower who opted in here finishes the sign-up the newsletter waits for.
      if (request.body.newsletterOptIn)
        await opts
          .onRegistered?.({ userId: user.id, email: user.email, newsletterOptIn: true })
          .catch(() => undefined);
      return user.id;
    },
  );

  route(app, authApi.providers, {}, async () => ({ google: opts.googleEnabled }));

  route(
    app,
    signInApi.consent,
    { preValidation: signedIn, changes: ({ params }) => [{ kind: 'user', userId: params.id }] },
    async (request) => {
      const actor = requireUser(request);
      if (!canWriteUser(actor, request.params.id)) throw forbidden(REQUEST_ERRORS.ownConsentOnly);
      return { user: await updateConsent(opts.db, actor.id, request.body) };
    },
  );
}
