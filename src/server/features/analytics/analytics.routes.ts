import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { MatchSnapshots } from '../results/results.service';

/** /api/analytics/* and /api/motm-leaderboard/:matchId (admins only). */
export async function analyticsRoutes(
  _app: FastifyInstance,
  _opts: { db: Database; snapshots: MatchSnapshots },
) {}
