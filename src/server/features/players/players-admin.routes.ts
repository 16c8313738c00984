import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

export interface FootballApiConfig {
  url?: string;
  key?: string;
}

/** POST /api/admin/players, PUT /api/admin/players/:id, POST /api/admin/update-player-images. */
export async function playersAdminRoutes(
  _app: FastifyInstance,
  _opts: { db: Database; footballApi: FootballApiConfig },
) {}
