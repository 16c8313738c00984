import {
  controversialList,
  historicalExport,
  motmLeaderboard,
  participation,
  playerDistributions,
  ratingsTimeline,
  returnUsers,
  totalVotes,
} from '@shared/analytics';
import { errorBody } from '@shared/errors';
import { matchIdParams } from '@shared/matches';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
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

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** /api/analytics/* and /api/motm-leaderboard/:matchId (admins only). */
export async function analyticsRoutes(
  base: FastifyInstance,
  opts: { db: Database; snapshots: MatchSnapshots },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, snapshots } = opts;
  const perMatch = { params: matchIdParams };

  app.get(
    '/api/analytics/total-votes',
    { preValidation: adminOnly, schema: { response: { 200: totalVotes, ...errors } } },
    async () => ({ totalVotes: await countFinalVotes(db) }),
  );
  app.get(
    '/api/analytics/total-votes/:matchId',
    { preValidation: adminOnly, schema: { ...perMatch, response: { 200: totalVotes, ...errors } } },
    async (request) => {
      await requireMatch(db, request.params.matchId);
      return { totalVotes: await countFinalVotes(db, request.params.matchId) };
    },
  );
  app.get(
    '/api/analytics/return-users',
    { preValidation: adminOnly, schema: { response: { 200: returnUsers, ...errors } } },
    () => returnUserFigures(db),
  );
  app.get(
    '/api/analytics/participation/:matchId',
    { preValidation: adminOnly, schema: { ...perMatch, response: { 200: participation, ...errors } } },
    async (request) => {
      await requireMatch(db, request.params.matchId);
      return participationFigures(db, request.params.matchId);
    },
  );
  app.get(
    '/api/analytics/controversial/:matchId',
    { preValidation: adminOnly, schema: { ...perMatch, response: { 200: controversialList, ...errors } } },
    async (request) => {
      await requireMatch(db, request.params.matchId);
      return controversialOf(db, await snapshots.get(request.params.matchId));
    },
  );
  app.get(
    '/api/motm-leaderboard/:matchId',
    { preValidation: adminOnly, schema: { ...perMatch, response: { 200: motmLeaderboard, ...errors } } },
    async (request) => {
      await requireMatch(db, request.params.matchId);
      return motmLeaderboardOf(db, request.params.matchId);
    },
  );
  app.get(
    '/api/analytics/ratings-timeline/:matchId',
    { preValidation: adminOnly, schema: { ...perMatch, response: { 200: ratingsTimeline, ...errors } } },
    async (request) => {
      await requireMatch(db, request.params.matchId);
      return ratingsTimelineOf(db, request.params.matchId);
    },
  );
  app.get(
    '/api/analytics/player-distributions/:matchId',
    { preValidation: adminOnly, schema: { ...perMatch, response: { 200: playerDistributions, ...errors } } },
    async (request) => {
      await requireMatch(db, request.params.matchId);
      return playerDistributionsOf(db, await snapshots.get(request.params.matchId));
    },
  );
  app.get(
    '/api/analytics/history/export',
    { preValidation: adminOnly, schema: { response: { 200: historicalExport, ...errors } } },
    () => historicalExportOf(db),
  );
}
