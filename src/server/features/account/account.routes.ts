import { ACCOUNT_MESSAGES, accountDeleted, accountExport, accountExportFileName } from '@shared/account';
import { userIdParams } from '@shared/auth';
import { errorBody } from '@shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { clearSessionCookie, requireUser, signedIn } from '../../plugins/auth';
import { canDeleteAccount, canExportAccount } from './account.policy';
import { deleteAccount, exportAccount } from './account.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** A fan's own data: GET /api/user/:id/export and DELETE /api/user/:id (privacy policy section 8). */
export async function accountRoutes(
  base: FastifyInstance,
  opts: { db: Database; outboxDir?: string | null },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/user/:id/export',
    {
      preValidation: signedIn,
      schema: { params: userIdParams, response: { 200: accountExport, ...errors } },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      if (!canExportAccount(actor, request.params.id)) throw forbidden(ACCOUNT_MESSAGES.exportForbidden);
      const now = new Date();
      const data = await exportAccount(db, request.params.id, now);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="${accountExportFileName(now)}"`);
      return data;
    },
  );

  app.delete(
    '/api/user/:id',
    {
      preValidation: signedIn,
      schema: { params: userIdParams, response: { 200: accountDeleted, ...errors } },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      if (!canDeleteAccount(actor, request.params.id)) throw forbidden(ACCOUNT_MESSAGES.deleteForbidden);
      await deleteAccount(db, actor.id, {
        outboxDir: opts.outboxDir,
        lastAdminMessage: ACCOUNT_MESSAGES.lastAdmin,
      });
      // The cached session goes first, then every open socket of theirs reconnects, signed out.
      base.sessions.forgetUser(actor.id);
      base.live.reconnect(actor.id);
      clearSessionCookie(reply);
      return { message: ACCOUNT_MESSAGES.deleted };
    },
  );
}
