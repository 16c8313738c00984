import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/** GET/POST /api/admin/customization, /api/admin/social-media, /api/admin/tracking; GET /api/scripts/tracking. */
export async function settingsAdminRoutes(_app: FastifyInstance, _opts: { db: Database; clubName: string }) {}
