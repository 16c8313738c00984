import { PUSH_ERRORS, pushApi } from '@shared/push';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { route } from '../../lib/route';
import { adminOnly, requireUser, signedIn } from '../../plugins/auth';
import { isPushKey, pushServiceAllowed } from './push.policy';
import { pushSummary, removeSubscription, saveSubscription } from './push.service';

/** A fan's notifications: the server's key, their browser's subscription; the admin's figures. */
export async function pushRoutes(
  app: FastifyInstance,
  opts: { db: Database; publicKey: string; services: readonly string[] },
) {
  const { db } = opts;

  route(app, pushApi.key, { preValidation: signedIn }, async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=3600');
    return { publicKey: opts.publicKey };
  });

  // A fan's subscriptions are read by the push worker from the database only: nothing to tell.
  const ownSubscription = { preValidation: signedIn, changes: [] };
  route(app, pushApi.subscribe, ownSubscription, async (request) => {
    const actor = requireUser(request);
    if (!pushServiceAllowed(request.body.endpoint, opts.services))
      throw badRequest(PUSH_ERRORS.unknownService);
    if (!isPushKey(request.body.keys.p256dh)) throw badRequest(PUSH_ERRORS.badKey);
    return { topics: await saveSubscription(db, actor.id, request.body) };
  });

  route(app, pushApi.unsubscribe, ownSubscription, async (request) => {
    const actor = requireUser(request);
    return { removed: await removeSubscription(db, actor.id, request.body.endpoint) };
  });

  route(app, pushApi.adminSummary, { preValidation: adminOnly }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return pushSummary(db);
  });
}
