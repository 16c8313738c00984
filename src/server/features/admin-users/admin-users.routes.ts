import { adminUsersApi } from '@shared/admin-users';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { route } from '../../lib/route';
import { adminOnly, clearSessionCookie, requireAdmin } from '../../plugins/auth';
import {
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  regeneratePassword,
  updateAdminUser,
} from './admin-users.service';

/** User Management: GET/POST /api/admin/users, PUT/DELETE /api/admin/users/:id, regenerate-password. */
export async function adminUsersRoutes(
  app: FastifyInstance,
  opts: { db: Database; outboxDir?: string | null },
) {
  const { db } = opts;
  const admin = { preValidation: adminOnly };
  // The user's cached sessions go first, then their open sockets reconnect with the new row.
  const userChanged = {
    ...admin,
    changes: ({ params }: { params: { id: string } }) => [{ kind: 'access', userId: params.id }] as const,
  };

  route(app, adminUsersApi.list, admin, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listAdminUsers(db);
  });

  // A new user: nothing holds them yet.
  route(app, adminUsersApi.create, { ...admin, changes: [] }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(await createAdminUser(db, request.body));
  });

  // A changed role takes effect at once, on requests and open sockets.
  route(app, adminUsersApi.update, userChanged, (request) =>
    updateAdminUser(db, request.params.id, request.body),
  );

  route(app, adminUsersApi.remove, userChanged, async (request, reply) => {
    await deleteAdminUser(db, request.params.id, opts.outboxDir);
    // An admin who deleted their own account is signed out with it.
    if (requireAdmin(request).id === request.params.id) clearSessionCookie(reply);
    return { success: true as const };
  });

  route(app, adminUsersApi.regeneratePassword, userChanged, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { newPassword: await regeneratePassword(db, request.params.id) };
  });
}
