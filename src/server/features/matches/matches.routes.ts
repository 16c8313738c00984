import { matchesApi } from '@shared/matches';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { route } from '../../lib/route';
import { adminOnly, signedIn } from '../../plugins/auth';
import { keepReportsCurrent } from '../match-reports/match-reports.service';
import type { MatchCache } from './match-cache';
import {
  createMatch,
  listMatches,
  type MatchUpdateResult,
  matchUpdateChanges,
  updateMatch,
} from './matches.service';

export async function matchesRoutes(
  app: FastifyInstance,
  opts: { db: Database; clubName: string; matches: MatchCache },
) {
  const { db } = opts;

  route(app, matchesApi.current, { preValidation: signedIn }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return opts.matches.currentMatch();
  });
  route(app, matchesApi.list, { preValidation: signedIn }, () => listMatches(db));
  route(
    app,
    matchesApi.create,
    {
      preValidation: adminOnly,
      changes: (_request, created) => [
        { kind: 'match', matchId: created.id, change: { kind: 'announced', score: created.score } },
      ],
    },
    async (request, reply) => {
      reply.status(201);
      return createMatch(db, opts.clubName, request.body);
    },
  );
  route(
    app,
    matchesApi.update,
    {
      preValidation: adminOnly,
      // What the update did is the service's finding: the handler returns it beside the match.
      answer: (done: MatchUpdateResult) => done.match,
      changes: (_request, done: MatchUpdateResult) => matchUpdateChanges(done),
    },
    async (request) => {
      const done = await updateMatch(db, request.params.id, request.body);
      // An ended match (just ended, or corrected afterwards) keeps its report and its season's table.
      await keepReportsCurrent(db, done.match.id);
      return done;
    },
  );
}
