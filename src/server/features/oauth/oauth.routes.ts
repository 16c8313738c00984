import { type OAuthFailureReason, oauthFailurePath, oauthSuccessPath } from '@shared/auth';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
} from 'fastify';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { Metrics } from '../../lib/metrics';
import { setSessionCookie } from '../../plugins/auth';
import { FlowCookie } from './flow-cookie';
import { signInWithProvider } from './oauth.service';
import { OAuthFailure, OpenIdConnect } from './openid-connect';

export interface OAuthRoutesOptions {
  db: Database;
  env: Env;
  /** The per-address limit of the other sign-in calls. */
  rateLimit: { max: number; timeWindow: number };
  metrics: Metrics;
}

const CALLBACK_PATH = '/api/oauth/google/callback';

/**
 * Social sign-in over OpenID Connect. Both calls are browser
 * navigations, so every outcome is a redirect: home signed in, or the sign-in screen with a reason.
 */
export async function oauthRoutes(app: FastifyInstance, opts: OAuthRoutesOptions) {
  const { db, env } = opts;
  const redirectUri = `${env.PUBLIC_URL}${CALLBACK_PATH}`;
  const provider =
    env.OAUTH_GOOGLE_CLIENT_ID && env.OAUTH_GOOGLE_CLIENT_SECRET
      ? new OpenIdConnect({
          issuer: env.OAUTH_GOOGLE_ISSUER,
          clientId: env.OAUTH_GOOGLE_CLIENT_ID,
          clientSecret: env.OAUTH_GOOGLE_CLIENT_SECRET,
          redirectUri,
        })
      : null;
  const flowCookie = new FlowCookie(env.SESSION_SECRET);
  const routeOptions = {
    config: { rateLimit: opts.rateLimit },
    // Never a raw error page: rate limits and faults land on the sign-in screen too.
    errorHandler: toSignInScreen,
  };

  app.get('/api/oauth/google', routeOptions, async (_request, reply) => {
    if (!provider) throw new OAuthFailure('not_configured');
    const { url, flow } = await provider.start();
    flowCookie.set(reply, flow);
    return noStore(reply).redirect(url.href, 302);
  });

  // Every outcome is a redirect: where it leads says how the sign-in went.
  const countSignIn: onResponseHookHandler = (_request, reply, done) => {
    const location = String(reply.getHeader('location') ?? '');
    const result = location.startsWith('/?auth=success')
      ? 'ok'
      : location.includes('reason=rate_limited')
        ? 'limited'
        : 'failed';
    opts.metrics.observeSignIn('social', result, reply.elapsedTime);
    done();
  };

  app.get(CALLBACK_PATH, { ...routeOptions, onResponse: countSignIn }, async (request, reply) => {
    const flow = flowCookie.take(request, reply);
    if (!provider) throw new OAuthFailure('not_configured');
    const callbackUrl = new URL(redirectUri);
    callbackUrl.search = new URL(request.url, 'http://callback').search;
    const profile = await provider.finish(callbackUrl, flow);
    const { token, user } = await signInWithProvider(db, profile, {
      userAgent: request.headers['user-agent'],
      previousToken: request.sessionToken,
    });
    setSessionCookie(reply, token);
    return noStore(reply).redirect(oauthSuccessPath(token, user), 302);
  });
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

function toSignInScreen(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let reason: OAuthFailureReason;
  if (error instanceof OAuthFailure) {
    reason = error.reason;
    if (error.cause) request.log.warn({ err: error.cause, reason }, 'social sign-in failed');
  } else if (error.statusCode === 429) {
    reason = 'rate_limited';
  } else {
    reason = 'failed';
    request.log.error({ err: error }, 'social sign-in failed');
  }
  return noStore(reply).redirect(oauthFailurePath(reason), 302);
}
