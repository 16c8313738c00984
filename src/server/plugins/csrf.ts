import { REQUEST_ERRORS } from '@shared/error-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorAnswer } from '../lib/http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests and WebSocket upgrades that a browser marks as cross-site
 *. No token is asked for, so non-browser clients work with the cookie alone.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  const publicOrigin = new URL(opts.publicUrl).origin;
  // A callback hook: every request passes it, and reads need no promise for it.
  app.addHook('onRequest', (request, reply, done) => {
    const isUpgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    if ((SAFE_METHODS.has(request.method) && !isUpgrade) || !isCrossSite(request, publicOrigin)) {
      done();
      return;
    }
    reply.status(403).send(errorAnswer(REQUEST_ERRORS.crossSite));
  });
});

export function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === 'null') return true;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}
