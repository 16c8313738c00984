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
  // The user's cached session goes first, then their open sockets reconnect with the new row.
  const userChanged = (id: string) => {
    app.sessions.forgetUser(id);
    app.live.reconnect(id);
  };

  route(app, adminUsersApi.list, admin, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listAdminUsers(db);
  });

  route(app, adminUsersApi.create, admin, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(await createAdminUser(db, request.body));
  });

  route(app, adminUsersApi.update, admin, async (request) => {
    const updated = await updateAdminUser(db, request.params.id, request.body);
    // A changed role takes effect at once, on requests and open sockets.
    userChanged(request.params.id);
    return updated;
  });

  route(app, adminUsersApi.remove, admin, async (request, reply) => {
    await deleteAdminUser(db, request.params.id, opts.outboxDir);
    userChanged(request.params.id);
    // An admin who deleted their own account is signed out with it.
    if (requireAdmin(request).id === request.params.id) clearSessionCookie(reply);
    return { success: true as const };
  });

  route(app, adminUsersApi.regeneratePassword, admin, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const newPassword = await regeneratePassword(db, request.params.id);
    userChanged(request.params.id);
    return { newPassword };
  });
}
