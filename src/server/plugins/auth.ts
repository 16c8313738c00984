import type { IncomingHttpHeaders } from 'node:http';
import { REQUEST_ERRORS } from '@shared/error-messages';
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

/** Where a request's session token may be: its URL, its headers and (live socket only) its query. */
export interface TokenSource {
  readonly url?: string | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly query?: unknown;
}

/**
 * The session token a request carries: a bearer token, else (live socket only) the token it offers, else
 * the session cookie. `cookies` is the Cookie header as @fastify/cookie parses it (request.cookies, or
 * app.parseCookie on the header). The fast reads (plugins/fast-reads.ts) call this too.
 */
export function readSessionToken(
  request: TokenSource,
  cookies: Readonly<Record<string, string | undefined>>,
): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token) return token;
  }
  if (request.url?.startsWith('/ws')) {
    // The live socket carries the bearer token in a subprotocol (older pages: in its URL); nothing else may.
    const offered = bearerFromProtocols(request.headers['sec-websocket-protocol']);
    if (offered) return offered;
    const query = request.query as { token?: unknown } | undefined;
    if (typeof query?.token === 'string') return query.token;
  }
  return cookies[SESSION_COOKIE] ?? null;
}

/** Far longer than the tokens we issue (43 characters): such a token is not even hashed. */
const MAX_TOKEN_LENGTH = 200;

/**
 * The session cache's key (and the database's) for a token, or null when it cannot be one of ours. The
 * auth hook and the fast reads both look sessions up by it.
 */
export function sessionKeyOf(token: string | null): string | null {
  return token && token.length <= MAX_TOKEN_LENGTH ? hashToken(token) : null;
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
        request.url.startsWith('/api/') || request.url.startsWith('/ws')
          ? readSessionToken(request, request.cookies)
          : null;
      const tokenHash = sessionKeyOf(token);
      if (!token || !tokenHash) {
        done();
        return;
      }
      const signIn = (user: UserRow | null | undefined) => {
        if (user) {
          request.user = user;
          request.sessionToken = token;
        }
      };
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
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: { secure: boolean };
    /**
     * Signed-in users in memory. A write that changes a user says so (`changes`: user or access), and
     * theirs go before the answer leaves: the database's notice reaches every instance, but maybe later.
     */
    sessions: SessionCache;
  }
}

/** A cookie no script reads, sent on top-level navigations from other sites but not on their requests. */
export function setPrivateCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  { path, maxAgeMs }: { path: string; maxAgeMs: number },
): void {
  reply.setCookie(name, value, {
    path,
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.sessionCookie.secure,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function setSessionCookie(reply: FastifyReply, token: string): void {
  setPrivateCookie(reply, SESSION_COOKIE, token, { path: '/', maxAgeMs: SESSION_TTL_MS });
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
  if (!user.isAdmin) throw forbidden(REQUEST_ERRORS.adminOnly);
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
  else done(request.user.isAdmin ? undefined : forbidden(REQUEST_ERRORS.adminOnly));
}
