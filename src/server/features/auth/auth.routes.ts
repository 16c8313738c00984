import {
  AUTH_MESSAGES,
  authApi,
  authProviders,
  authResponse,
  confirmBody,
  confirmResponse,
  consentBody,
  consentResponse,
  emailOnlyBody,
  loginBody,
  loginResponse,
  meResponse,
  registerBody,
  resetPasswordBody,
  userIdParams,
} from '@shared/auth';
import { errorBody } from '@shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/http-error';
import { route } from '../../lib/route';
import { deleteSession } from '../../lib/sessions';
import { clearSessionCookie, requireUser, setSessionCookie, signedIn } from '../../plugins/auth';
import { canWriteUser } from './auth.policy';
import { type AuthDeps, confirmEmail, currentUser, login, register, updateConsent } from './auth.service';
import { requestPasswordReset, resendVerification, resetPassword } from './recovery.service';

export interface AuthRoutesOptions extends AuthDeps {
  googleEnabled: boolean;
  /** Per-address limit on login, register, confirm and recovery: loose, since a carrier's NAT puts thousands of fans behind one address. */
  rateLimit: { max: number; timeWindow: number };
}

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  409: errorBody,
  429: errorBody,
  503: errorBody,
};

export async function authRoutes(base: FastifyInstance, opts: AuthRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: opts.rateLimit };

  app.post(
    '/api/auth/register',
    { config: limited, schema: { body: registerBody, response: { 201: authResponse, ...errors } } },
    async (request, reply) => {
      await register(opts, request.body);
      return reply
        .status(201)
        .send({ success: true, requiresVerification: true, message: AUTH_MESSAGES.registered });
    },
  );

  app.post(
    '/api/auth/login',
    { config: limited, schema: { body: loginBody, response: { 200: loginResponse, ...errors } } },
    async (request, reply) => {
      const result = await login(opts, request.body, {
        userAgent: request.headers['user-agent'],
        previousToken: request.sessionToken,
      });
      setSessionCookie(reply, result.token);
      return { success: true, message: AUTH_MESSAGES.loggedIn, user: result.user };
    },
  );

  route(base, authApi.logout, {}, async (request, reply) => {
    if (request.sessionToken && request.user) {
      await deleteSession(opts.db, request.sessionToken);
      base.sessions.forgetUser(request.user.id);
      base.live.reconnect(request.user.id, request.sessionToken);
    }
    clearSessionCookie(reply);
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  });

  app.get(
    '/api/auth/me',
    { schema: { response: { 200: meResponse, 401: errorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = requireUser(request);
      return { user: await currentUser(opts.db, user.id) };
    },
  );

  app.post(
    '/api/auth/confirm',
    { config: limited, schema: { body: confirmBody, response: { 200: confirmResponse, ...errors } } },
    async (request, reply) => {
      // A followed link signs the fan in, exactly as login does, unless they must choose a password first.
      const result = await confirmEmail(opts.db, request.body.token, {
        userAgent: request.headers['user-agent'],
        previousToken: request.sessionToken,
      });
      if (result.kind === 'choosePassword')
        return {
          success: true,
          message: AUTH_MESSAGES.choosePassword,
          choosePasswordToken: result.resetToken,
        };
      setSessionCookie(reply, result.token);
      return { success: true, message: AUTH_MESSAGES.verified, user: result.user };
    },
  );

  // Recovery answers the same for every address, at once: the mail, if any, goes out after the answer.
  app.post(
    '/api/auth/forgot-password',
    { config: limited, schema: { body: emailOnlyBody, response: { 200: authResponse, ...errors } } },
    async (request) => {
      const { email } = request.body;
      base.mailJobs.run('password reset mail', () => requestPasswordReset(opts, email));
      return { success: true, message: AUTH_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    { config: limited, schema: { body: emailOnlyBody, response: { 200: authResponse, ...errors } } },
    async (request) => {
      const { email } = request.body;
      base.mailJobs.run('verification mail', () => resendVerification(opts, email));
      return { success: true, message: AUTH_MESSAGES.verificationResent };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { config: limited, schema: { body: resetPasswordBody, response: { 200: authResponse, ...errors } } },
    async (request) => {
      const userId = await resetPassword(opts.db, request.body);
      // Every session of the user ended: cached ones go, open sockets reconnect signed out.
      base.sessions.forgetUser(userId);
      base.live.reconnect(userId);
      return { success: true, message: AUTH_MESSAGES.passwordReset };
    },
  );

  app.get('/api/auth/providers', { schema: { response: { 200: authProviders } } }, async () => ({
    google: opts.googleEnabled,
  }));

  app.patch(
    '/api/user/:id/consent',
    {
      preValidation: signedIn,
      schema: { params: userIdParams, body: consentBody, response: { 200: consentResponse, ...errors } },
    },
    async (request) => {
      const actor = requireUser(request);
      if (!canWriteUser(actor, request.params.id)) throw forbidden('You can only change your own consent');
      return { user: await updateConsent(opts.db, actor.id, request.body) };
    },
  );
}
