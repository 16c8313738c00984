import { REQUEST_ERRORS } from '@shared/error-messages';
import { matchesApi } from '@shared/matches';
import { matchesAdminApi } from '@shared/matches-admin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { route } from '../../lib/route';
import { adminOnly, requireUser, signedIn } from '../../plugins/auth';
import { keepReportsCurrent } from '../match-reports/match-reports.service';
import type { MatchCache } from './match-cache';
import { matchVisibilityChanges, setMatchHidden } from './match-visibility.service';
import { mayHideMatches, seesHiddenMatches } from './matches.policy';
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

  // Public: which match is on, its score and its kick-off are what the visitor's home shows, and the
  // answer is the same for everyone (never a hidden match, nothing about the asker). Still not kept by
  // any cache: the score moves during a match, and a fan's page re-reads it when told it changed; the
  // server's own memory (MatchCache) spares the database the crowd.
  route(app, matchesApi.current, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return opts.matches.currentMatch();
  });
  route(app, matchesApi.list, { preValidation: signedIn }, (request) =>
    listMatches(db, { withHidden: seesHiddenMatches(requireUser(request)) }),
  );
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
  // An ended match out of the public history, or back in it; the admins' list keeps it, marked.
  route(
    app,
    matchesAdminApi.hide,
    { preValidation: adminOnly, changes: (_request, match) => matchVisibilityChanges(match) },
    (request) => {
      if (!mayHideMatches(requireUser(request))) throw forbidden(REQUEST_ERRORS.adminOnly);
      return setMatchHidden(db, request.params.id, request.body.hidden);
    },
  );
}
