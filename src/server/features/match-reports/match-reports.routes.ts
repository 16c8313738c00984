import { matchReportsApi } from '@shared/match-reports';
import { seasonsApi } from '@shared/seasons';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { route } from '../../lib/route';
import { requireUser, signedIn } from '../../plugins/auth';
import { canReadHistory } from './history.policy';
import { readUserHistory } from './history.service';
import { listMatchReports, readMatchReport } from './match-reports.service';
import { listSeasons, readPlayerProfile, readSeasonTable } from './seasons.service';

const HISTORY_FORBIDDEN = 'You can only see your own ratings history';

/** Ended matches' reports, for everyone: figures only, never a fan's identity. */
export async function matchReportsRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  // Anyone may share a past match's page: a minute of caching spares the database a shared link's crowd.
  route(app, matchReportsApi.list, {}, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return listMatchReports(db, request.query.page);
  });
  route(app, matchReportsApi.report, {}, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return readMatchReport(db, request.params.id);
  });
  route(app, seasonsApi.list, {}, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return listSeasons(db);
  });
  route(app, seasonsApi.table, {}, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return readSeasonTable(db, request.params.season);
  });
  route(app, seasonsApi.profile, {}, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return readPlayerProfile(db, request.params.id);
  });
  route(app, seasonsApi.history, { preValidation: signedIn }, async (request, reply) => {
    if (!canReadHistory(requireUser(request), request.params.id)) throw forbidden(HISTORY_FORBIDDEN);
    reply.header('cache-control', 'private, no-store');
    return readUserHistory(db, request.params.id);
  });
}
