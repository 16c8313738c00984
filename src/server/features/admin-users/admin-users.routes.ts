import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/** User Management: GET/POST /api/admin/users, PUT/DELETE /api/admin/users/:id, regenerate-password. */
export async function adminUsersRoutes(_app: FastifyInstance, _opts: { db: Database }) {}
