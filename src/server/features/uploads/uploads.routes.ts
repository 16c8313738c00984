import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/** POST /api/objects/upload, GET /objects/:file, POST /api/players/:id/upload-image. */
export async function uploadsRoutes(_app: FastifyInstance, _opts: { db: Database }) {}
