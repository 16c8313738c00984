import { errorBody } from '@shared/errors';
import {
  createMatchBody,
  currentMatch,
  match,
  matchList,
  matchPathParams,
  updateMatchBody,
} from '@shared/matches';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { adminOnly, signedIn } from '../../plugins/auth';
import { SIGNED_IN } from '../../plugins/live';
import type { MatchCache } from './match-cache';
import { createMatch, listMatches, updateMatch } from './matches.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export async function matchesRoutes(
  base: FastifyInstance,
  opts: { db: Database; clubName: string; matches: MatchCache },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/matches/current',
    { preValidation: signedIn, schema: { response: { 200: currentMatch, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.matches.currentMatch();
    },
  );
  app.get(
    '/api/matches',
    { preValidation: signedIn, schema: { response: { 200: matchList, ...errors } } },
    () => listMatches(db),
  );
  app.post(
    '/api/matches',
    { preValidation: adminOnly, schema: { body: createMatchBody, response: { 201: match, ...errors } } },
    async (request, reply) => {
      const created = await createMatch(db, opts.clubName, request.body);
      base.changes.emit({ kind: 'match', matchId: created.id });
      base.live.broadcast({ type: 'match_update', data: { matchId: created.id } }, SIGNED_IN);
      return reply.status(201).send(created);
    },
  );
  app.patch(
    '/api/matches/:id',
    {
      preValidation: adminOnly,
      schema: { params: matchPathParams, body: updateMatchBody, response: { 200: match, ...errors } },
    },
    async (request) => {
      const { match: updated, started } = await updateMatch(db, request.params.id, request.body);
      base.changes.emit({ kind: 'match', matchId: updated.id });
      base.live.broadcast({ type: 'match_update', data: { matchId: updated.id } }, SIGNED_IN);
      if (started)
        base.live.broadcast(
          { type: 'match_started', data: { matchId: updated.id, title: updated.title } },
          SIGNED_IN,
        );
      return updated;
    },
  );
}
