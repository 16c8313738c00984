import { apiKeysApi } from '@shared/api-keys';
import { REQUEST_ERRORS } from '@shared/error-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { route } from '../../lib/route';
import { adminOnly, requireUser } from '../../plugins/auth';
import { mayManageApiKeys } from './api-keys.policy';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** The media partners' keys: GET/POST /api/admin/api-keys, POST /api/admin/api-keys/:id/revoke. */
export async function apiKeysRoutes(app: FastifyInstance, opts: { db: Database; keylessPerMinute: number }) {
  const { db } = opts;
  const authorize = (request: FastifyRequest) => {
    if (!mayManageApiKeys(requireUser(request))) throw forbidden(REQUEST_ERRORS.adminOnly);
  };
  // Every instance's cached keys go (the service notifies them too): a revoked key is refused at once.
  const keysChanged = { preValidation: adminOnly, changes: [{ kind: 'apiKeys' }] as const };

  route(app, apiKeysApi.list, { preValidation: adminOnly }, async (request, reply) => {
    authorize(request);
    reply.header('cache-control', 'no-store');
    // This instance's latest counts first, so the admin's figures include the last few seconds here.
    await app.apiKeyUsage.flush().catch(() => {});
    return { keys: await listApiKeys(db), keylessPerMinute: opts.keylessPerMinute };
  });

  route(app, apiKeysApi.create, keysChanged, async (request, reply) => {
    authorize(request);
    reply.header('cache-control', 'no-store');
    reply.status(201);
    return createApiKey(db, request.body);
  });

  route(app, apiKeysApi.revoke, keysChanged, (request) => {
    authorize(request);
    return revokeApiKey(db, request.params.id);
  });
}
