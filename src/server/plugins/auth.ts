import { bearerFromProtocols } from '@shared/live';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-error';
import type { SessionCache } from '../lib/session-cache';
import { findSession, SESSION_COOKIE, SESSION_TTL_MS } from '../lib/sessions';
import { hashToken } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Resolved once per request from the cookie or bearer token. */
    user: UserRow | null;
    sessionToken: string | null;
  }
}

export function readSessionToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return token;
  }
  if (request.url.startsWith('/ws')) {
    // The live socket carries the bearer token in a subprotocol (older pages: in its URL); nothing else may.
    const offered = bearerFromProtocols(request.headers['sec-websocket-protocol']);
    if (offered) return offered;
    const query = request.query as { token?: unknown } | undefined;
    if (typeof query?.token === 'string') return query.token;
  }
  return request.cookies[SESSION_COOKIE] ?? null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route never changes its user's row or sessions. Any other write drops the writer's cached
     * session before answering, so their next request sees what it did (consent, profile, sign-out).
     */
    leavesUserUnchanged?: boolean;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Database; secureCookies: boolean; sessions: SessionCache }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);
    app.decorate('sessionCookie', { secure: opts.secureCookies });
    app.decorate('sessions', opts.sessions);
    const load = (tokenHash: string) => findSession(opts.db, tokenHash);
    // onRequest, so route guards (preValidation) can answer 401/403 before a body is even validated.
    // A callback hook: a session found in memory costs no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      // Static files never need the user.
      const token =
        request.url.startsWith('/api/') || request.url.startsWith('/ws') ? readSessionToken(request) : null;
      if (!token || token.length > 200) {
        done();
        return;
      }
      const signIn = (user: UserRow | null | undefined) => {
        if (user) {
          request.user = user;
          request.sessionToken = token;
        }
      };
      const tokenHash = hashToken(token);
      const cached = opts.sessions.get(tokenHash);
      if (cached) {
        signIn(cached);
        done();
        return;
      }
      opts.sessions.lookup(tokenHash, load).then(
        (user) => {
          signIn(user);
          done();
        },
        (error: Error) => done(error),
      );
    });
    // A callback hook, not async: it runs on every answer, and costs no promise there.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.user && request.method !== 'GET' && !request.routeOptions.config.leavesUserUnchanged)
        opts.sessions.forgetUser(request.user.id);
      done(null, payload);
    });
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: { secure: boolean };
    /**
     * Signed-in users in memory. A route that changes another user drops theirs itself: the database's
     * notice reaches every instance, but after the answer may have left.
     */
    sessions: SessionCache;
  }
}

export function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.sessionCookie.secure,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.sessionCookie.secure,
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** An admin, or 401 / 403. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden('Admin access required');
  return user;
}

/**
 * Route hooks: `preValidation: signedIn` answers 401 before a malformed body would answer 400. Callback
 * hooks, not async: every signed-in call passes one, and needs no promise for it.
 */
export function signedIn(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  done(request.user ? undefined : unauthorized());
}
export function adminOnly(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  if (!request.user) done(unauthorized());
  else done(request.user.isAdmin ? undefined : forbidden('Admin access required'));
}
