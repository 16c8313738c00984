import {
  adminUser,
  adminUserList,
  createdUser,
  deletedUser,
  regeneratedPassword,
  userBody,
} from '@shared/admin-users';
import { userIdParams } from '@shared/auth';
import { errorBody } from '@shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { adminOnly, clearSessionCookie, requireAdmin } from '../../plugins/auth';
import {
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  regeneratePassword,
  updateAdminUser,
} from './admin-users.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** User Management: GET/POST /api/admin/users, PUT/DELETE /api/admin/users/:id, regenerate-password. */
export async function adminUsersRoutes(
  base: FastifyInstance,
  opts: { db: Database; outboxDir?: string | null },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const admin = { preValidation: adminOnly };
  // The user's cached session goes first, then their open sockets reconnect with the new row.
  const userChanged = (id: string) => {
    base.sessions.forgetUser(id);
    base.live.reconnect(id);
  };

  app.get(
    '/api/admin/users',
    { ...admin, schema: { response: { 200: adminUserList, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAdminUsers(db);
    },
  );

  app.post(
    '/api/admin/users',
    { ...admin, schema: { body: userBody, response: { 201: createdUser, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await createAdminUser(db, request.body));
    },
  );

  app.put(
    '/api/admin/users/:id',
    { ...admin, schema: { params: userIdParams, body: userBody, response: { 200: adminUser, ...errors } } },
    async (request) => {
      const updated = await updateAdminUser(db, request.params.id, request.body);
      // A changed role takes effect at once, on requests and open sockets.
      userChanged(request.params.id);
      return updated;
    },
  );

  app.delete(
    '/api/admin/users/:id',
    { ...admin, schema: { params: userIdParams, response: { 200: deletedUser, ...errors } } },
    async (request, reply) => {
      await deleteAdminUser(db, request.params.id, opts.outboxDir);
      userChanged(request.params.id);
      // An admin who deleted their own account is signed out with it.
      if (requireAdmin(request).id === request.params.id) clearSessionCookie(reply);
      return { success: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/regenerate-password',
    { ...admin, schema: { params: userIdParams, response: { 200: regeneratedPassword, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const newPassword = await regeneratePassword(db, request.params.id);
      userChanged(request.params.id);
      return { newPassword };
    },
  );
}
