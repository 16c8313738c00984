import { ACCOUNT_ERRORS, ACCOUNT_MESSAGES, accountApi, accountExportFileName } from '@shared/account';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { route } from '../../lib/route';
import { clearSessionCookie, requireUser, signedIn } from '../../plugins/auth';
import { canDeleteAccount, canExportAccount } from './account.policy';
import { deleteAccount, exportAccount, setLocale } from './account.service';

/** A fan's own data: GET /api/user/:id/export and DELETE /api/user/:id (privacy policy section 8). */
export async function accountRoutes(app: FastifyInstance, opts: { db: Database; outboxDir?: string | null }) {
  const { db } = opts;

  route(app, accountApi.export, { preValidation: signedIn }, async (request, reply) => {
    const actor = requireUser(request);
    if (!canExportAccount(actor, request.params.id)) throw forbidden(ACCOUNT_ERRORS.exportForbidden);
    const now = new Date();
    const data = await exportAccount(db, request.params.id, now);
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `attachment; filename="${accountExportFileName(now)}"`);
    return data;
  });

  // The writer, signed in (the route's guard): the account the write is about.
  const writer = (request: FastifyRequest) => requireUser(request).id;

  route(
    app,
    accountApi.remove,
    {
      preValidation: signedIn,
      // Their cached sessions go, and every open socket of theirs reconnects, signed out.
      changes: (request) => [{ kind: 'access', userId: writer(request) }],
    },
    async (request, reply) => {
      const actor = requireUser(request);
      if (!canDeleteAccount(actor, request.params.id)) throw forbidden(ACCOUNT_ERRORS.deleteForbidden);
      await deleteAccount(db, actor.id, {
        outboxDir: opts.outboxDir,
        lastAdminError: ACCOUNT_ERRORS.lastAdmin,
      });
      clearSessionCookie(reply);
      return { message: ACCOUNT_MESSAGES.deleted };
    },
  );

  route(
    app,
    accountApi.locale,
    {
      preValidation: signedIn,
      // The cached session holds the user as the page sees it: the next /me answer carries the change.
      changes: (request) => [{ kind: 'user', userId: writer(request) }],
    },
    async (request) => {
      const actor = requireUser(request);
      await setLocale(db, actor.id, request.body.locale);
      return { locale: request.body.locale };
    },
  );
}
