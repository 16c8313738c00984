import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-error';
import { findSessionUser, SESSION_COOKIE, SESSION_TTL_MS } from '../lib/sessions';

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
  const query = request.query as { token?: unknown } | undefined;
  // The live socket may carry the bearer token in its URL (operations.md); nothing else may.
  if (request.url.startsWith('/ws') && typeof query?.token === 'string') return query.token;
  return request.cookies[SESSION_COOKIE] ?? null;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Database; secureCookies: boolean }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorate('sessionCookie', { secure: opts.secureCookies });
  // onRequest, so route guards (preValidation) can answer 401/403 before a body is even validated.
  app.addHook('onRequest', async (request) => {
    // Static files never need the user: no database round trip for them.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/ws')) return;
    const token = readSessionToken(request);
    if (!token || token.length > 200) return;
    const user = await findSessionUser(opts.db, token);
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: { secure: boolean };
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

/** Route hooks: `preValidation: signedIn` answers 401 before a malformed body would answer 400. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
