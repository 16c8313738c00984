import { matchesApi } from '@shared/matches';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { route } from '../../lib/route';
import { adminOnly, signedIn } from '../../plugins/auth';
import { SIGNED_IN } from '../../plugins/live-audience';
import { keepReportsCurrent } from '../match-reports/match-reports.service';
import type { MatchCache } from './match-cache';
import { createMatch, listMatches, updateMatch } from './matches.service';

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
  route(app, matchesApi.create, { preValidation: adminOnly }, async (request, reply) => {
    const created = await createMatch(db, opts.clubName, request.body);
    app.changes.emit({ kind: 'match', matchId: created.id });
    app.live.broadcast(
      {
        type: 'match_update',
        data: { matchId: created.id, change: { kind: 'announced', score: created.score } },
      },
      SIGNED_IN,
    );
    return reply.status(201).send(created);
  });
  route(app, matchesApi.update, { preValidation: adminOnly }, async (request) => {
    const { match: updated, started, change } = await updateMatch(db, request.params.id, request.body);
    // An ended match (just ended, or corrected afterwards) keeps its report and its season's table.
    await keepReportsCurrent(db, updated.id);
    app.changes.emit({ kind: 'match', matchId: updated.id });
    app.live.broadcast({ type: 'match_update', data: { matchId: updated.id, change } }, SIGNED_IN);
    if (started)
      app.live.broadcast(
        { type: 'match_started', data: { matchId: updated.id, title: updated.title } },
        SIGNED_IN,
      );
    return updated;
  });
}
