import { API_KEY_ERRORS, API_KEY_HEADER, KEYLESS_RATE_PER_MINUTE } from '@shared/api-keys';
import { PUBLIC_API_ENDPOINTS, publicRouteKey } from '@shared/public-api';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { unauthorized } from '../../lib/http-error';
import { ApiKeyCache } from './api-key-cache';
import { ApiKeyUsage } from './api-key-usage';
import type { ActiveKey } from './api-keys.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each key's requests per day, counted in memory and added to the database every few seconds. */
    apiKeyUsage: ApiKeyUsage;
    /** The keys presented to the public reads, as found. */
    apiKeyCache: ApiKeyCache;
  }
  interface FastifyRequest {
    /** The valid key a public read was called with; null without one. */
    apiKey: ActiveKey | null;
  }
  interface FastifyContextConfig {
    /** One of the public API's reads (shared/public-api.ts): keys, limits and counting apply. */
    publicApi?: true;
  }
}

export interface PublicApiGateOptions {
  db: Database;
  feed: ChangeFeed;
  /** Requests a minute without a key, per address (per signed-in fan). Default KEYLESS_RATE_PER_MINUTE. */
  keylessPerMinute?: number;
}

const WINDOW_MS = 60_000;

/**
 * The public API's door, put on exactly the routes shared/public-api.ts lists, as they are registered: a
 * valid `x-api-key` gets that key's limit and is counted for the day; an unknown or revoked one is refused
 * 401, never answered as keyless; no key gets the keyless limit, per address, or per fan when signed in
 * (the page reads these routes too, and a carrier's shared address must not ration a stadium of fans).
 * Registered before the features, so its onRoute hook sees their routes.
 */
export const publicApiGatePlugin = fp(
  async (app: FastifyInstance, opts: PublicApiGateOptions) => {
    const keyless = opts.keylessPerMinute ?? KEYLESS_RATE_PER_MINUTE;
    const keys = new ApiKeyCache(opts.db, opts.feed);
    const usage = new ApiKeyUsage(opts.db, app.log);
    app.decorate('apiKeyCache', keys);
    app.decorate('apiKeyUsage', usage);
    app.decorateRequest('apiKey', null);
    app.addHook('onClose', () => usage.close());

    // One limiter for every public read: a key's minute is shared by all of them.
    const limit = app.rateLimit({
      timeWindow: WINDOW_MS,
      max: (request: FastifyRequest) => request.apiKey?.ratePerMinute ?? keyless,
      keyGenerator: (request: FastifyRequest) => {
        if (request.apiKey) return `key:${request.apiKey.id}`;
        return request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
      },
    });

    const gate: onRequestAsyncHookHandler = async function (request, reply) {
      const presented = request.headers[API_KEY_HEADER];
      if (presented !== undefined) {
        const key = typeof presented === 'string' ? await keys.resolve(presented) : null;
        if (!key) {
          // A wrong key costs the caller's keyless allowance: guessing is rationed like any other read.
          await limit.call(this, request, reply);
          throw unauthorized(API_KEY_ERRORS.invalid);
        }
        request.apiKey = key;
      }
      await limit.call(this, request, reply);
      if (request.apiKey) usage.count(request.apiKey.id);
    };
    const varyByKey = (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: DoneWith) => {
      appendVary(reply, API_KEY_HEADER);
      done(null, payload);
    };

    const listed = new Set(PUBLIC_API_ENDPOINTS.map((op) => publicRouteKey(op.endpoint)));
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (!methods.some((m) => listed.has(`${m === 'HEAD' ? 'GET' : m} ${route.url}`))) return;
      if (route.config?.publicApi) return;
      route.config = { ...route.config, publicApi: true };
      route.onRequest = [...[route.onRequest ?? []].flat(), gate];
      route.onSend = [...[route.onSend ?? []].flat(), varyByKey];
    });
  },
  { name: 'public-api-gate', dependencies: ['@fastify/rate-limit'] },
);

type DoneWith = (error: Error | null, payload: unknown) => void;

/** Adds a header to the answer's `vary`, keeping what the route put there. */
function appendVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const names =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((s) => s.trim());
  if (!names.some((n) => n.toLowerCase() === header)) reply.header('vary', [...names, header].join(', '));
}
