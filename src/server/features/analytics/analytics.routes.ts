import { analyticsApi } from '@shared/analytics';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { route } from '../../lib/route';
import { adminOnly } from '../../plugins/auth';
import type { MatchSnapshots } from '../match-day/results.service';
import { requireMatch } from '../matches/matches.service';
import {
  controversialOf,
  countFinalVotes,
  historicalExportOf,
  motmLeaderboardOf,
  participationFigures,
  playerDistributionsOf,
  ratingsTimelineOf,
  returnUserFigures,
} from './analytics.service';

/** /api/analytics/* and /api/motm-leaderboard/:matchId (admins only). */
export async function analyticsRoutes(
  app: FastifyInstance,
  opts: { db: Database; snapshots: MatchSnapshots },
) {
  const { db, snapshots } = opts;
  const admin = { preValidation: adminOnly };

  route(app, analyticsApi.totalVotes, admin, async () => ({ totalVotes: await countFinalVotes(db) }));
  route(app, analyticsApi.matchTotalVotes, admin, async (request) => {
    await requireMatch(db, request.params.matchId);
    return { totalVotes: await countFinalVotes(db, request.params.matchId) };
  });
  route(app, analyticsApi.returnUsers, admin, () => returnUserFigures(db));
  route(app, analyticsApi.participation, admin, async (request) => {
    await requireMatch(db, request.params.matchId);
    return participationFigures(db, request.params.matchId);
  });
  route(app, analyticsApi.controversial, admin, async (request) => {
    await requireMatch(db, request.params.matchId);
    return controversialOf(db, await snapshots.get(request.params.matchId));
  });
  route(app, analyticsApi.motmLeaderboard, admin, async (request) => {
    await requireMatch(db, request.params.matchId);
    return motmLeaderboardOf(db, request.params.matchId);
  });
  route(app, analyticsApi.ratingsTimeline, admin, async (request) => {
    await requireMatch(db, request.params.matchId);
    return ratingsTimelineOf(db, request.params.matchId);
  });
  route(app, analyticsApi.playerDistributions, admin, async (request) => {
    await requireMatch(db, request.params.matchId);
    return playerDistributionsOf(db, await snapshots.get(request.params.matchId));
  });
  route(app, analyticsApi.historyExport, admin, () => historicalExportOf(db));
}
