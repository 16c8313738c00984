import { errorBody } from '@shared/errors';
import {
  SIMULATION_ERRORS,
  simulationFans,
  simulationFansBody,
  simulationMatchParams,
  simulationPageQuery,
  simulationRatingRows,
  simulationSummary,
  simulationVoteRows,
} from '@shared/simulation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { type Env, simulationRefusal } from '../../env';
import { forbidden } from '../../lib/http-error';
import { requireUser } from '../../plugins/auth';
import { mayRunSimulation } from './simulation.policy';
import {
  createSimulatedFans,
  listMatchRatings,
  listMatchVotes,
  simulationSummary as loadSummary,
} from './simulation.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

async function simulationAdmin(request: FastifyRequest): Promise<void> {
  if (!mayRunSimulation(requireUser(request))) throw forbidden(SIMULATION_ERRORS.adminOnly);
}

/**
 * Test-only routes for the match-day simulator (bench/simulate.ts). Registered only when SIMULATION is
 * on, which env.ts allows only on a loopback address: with the flag off these paths do not exist (404).
 */
export async function simulationRoutes(base: FastifyInstance, opts: { db: Database; env: Env }) {
  // env.ts already refuses this; checked again for an app built with an environment of its own.
  const refusal = simulationRefusal(opts.env);
  if (refusal) throw new Error(refusal);
  base.log.warn(
    'SIMULATION is on: /api/simulation/* creates signed-in fans without e-mail or password. Test runs only, never in production.',
  );
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const admin = { preValidation: simulationAdmin };

  app.post(
    '/api/simulation/fans',
    {
      ...admin,
      // New users: nothing holds them yet.
      config: { changes: [] },
      schema: { body: simulationFansBody, response: { 201: simulationFans, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await createSimulatedFans(db, request.body));
    },
  );

  app.get(
    '/api/simulation/matches/:matchId/summary',
    { ...admin, schema: { params: simulationMatchParams, response: { 200: simulationSummary, ...errors } } },
    async (request) => loadSummary(db, request.params.matchId),
  );

  app.get(
    '/api/simulation/matches/:matchId/ratings',
    {
      ...admin,
      schema: {
        params: simulationMatchParams,
        querystring: simulationPageQuery,
        response: { 200: simulationRatingRows, ...errors },
      },
    },
    async (request) => listMatchRatings(db, request.params.matchId, request.query),
  );

  app.get(
    '/api/simulation/matches/:matchId/votes',
    {
      ...admin,
      schema: {
        params: simulationMatchParams,
        querystring: simulationPageQuery,
        response: { 200: simulationVoteRows, ...errors },
      },
    },
    async (request) => listMatchVotes(db, request.params.matchId, request.query),
  );
}
