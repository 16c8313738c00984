import { ACCOUNT_ERRORS, ACCOUNT_MESSAGES, accountApi, accountExportFileName } from '@shared/account';
import type { FastifyInstance } from 'fastify';
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

  route(app, accountApi.remove, { preValidation: signedIn }, async (request, reply) => {
    const actor = requireUser(request);
    if (!canDeleteAccount(actor, request.params.id)) throw forbidden(ACCOUNT_ERRORS.deleteForbidden);
    await deleteAccount(db, actor.id, {
      outboxDir: opts.outboxDir,
      lastAdminError: ACCOUNT_ERRORS.lastAdmin,
    });
    // The cached session goes first, then every open socket of theirs reconnects, signed out.
    app.sessions.forgetUser(actor.id);
    app.live.reconnect(actor.id);
    clearSessionCookie(reply);
    return { message: ACCOUNT_MESSAGES.deleted };
  });

  route(app, accountApi.locale, { preValidation: signedIn }, async (request) => {
    const actor = requireUser(request);
    await setLocale(db, actor.id, request.body.locale);
    // The cached session holds the user as the page sees it: the next /me answer carries the change.
    app.sessions.forgetUser(actor.id);
    return { locale: request.body.locale };
  });
}
