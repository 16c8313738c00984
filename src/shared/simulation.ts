/**
 * The match-day simulator's test-only API (SIMULATION=1, loopback only, admins only): bulk sign-up of
 * synthetic fans, and the stored ratings and votes of a match read back for the simulator's final check.
 * The server validates with these schemas and the simulator (bench/lib/simulator) parses its answers with them.
 */
import { z } from 'zod';
import { defineErrors } from './errors';
import { DB_INT_MAX } from './ids';
import { matchId } from './matches';

export const SIMULATION_LIMITS = {
  /** Fans per sign-up call: one statement's parameters stay far below PostgreSQL's 65,535. */
  maxFansPerCall: 1000,
  /** Rows per read-back page. */
  maxRowsPerPage: 10_000,
} as const;

/** Synthetic fans are e-mailed at this reserved domain (RFC 2606): nothing is ever sent to them. */
export const SIMULATION_EMAIL_DOMAIN = 'simulation.invalid';

/** Fans `{prefix}-{first}` to `{prefix}-{first + count - 1}`, verified, without consent (given through the real API). */
export const simulationFansBody = z.object({
  prefix: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'prefix: lower-case letters, digits and dashes, up to 40'),
  first: z.number().int().min(0).max(10_000_000).default(0),
  count: z.number().int().min(1).max(SIMULATION_LIMITS.maxFansPerCall),
});
export type SimulationFansBody = z.input<typeof simulationFansBody>;

/** Each fan with a session token: send it as the session cookie (or `Authorization: Bearer`). */
export const simulationFans = z.object({
  fans: z.array(z.object({ id: z.uuid(), email: z.string(), token: z.string() })),
});
export type SimulationFans = z.infer<typeof simulationFans>;

export const simulationMatchParams = z.object({ matchId });

/** Keyset pages in id order: `afterId` is the last id of the previous page. */
export const simulationPageQuery = z.object({
  afterId: z.coerce.number().int().min(0).max(DB_INT_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(SIMULATION_LIMITS.maxRowsPerPage).default(5000),
});
export type SimulationPageQuery = z.input<typeof simulationPageQuery>;

/** What the match holds, counted in the database: duplicates show as rows > distinct pairs. */
export const simulationSummary = z.object({
  matchId: z.number().int(),
  ratings: z.number().int(),
  ratingPairs: z.number().int(),
  votes: z.number().int(),
  voters: z.number().int(),
});
export type SimulationSummary = z.infer<typeof simulationSummary>;

/** Stored ratings as rows, not per pair, so a doubled row would be seen. */
export const simulationRatingRows = z.object({
  rows: z.array(
    z.object({
      id: z.number().int(),
      userId: z.string().nullable(),
      playerId: z.number().int(),
      rating: z.number().int(),
    }),
  ),
});
export type SimulationRatingRows = z.infer<typeof simulationRatingRows>;

export const simulationVoteRows = z.object({
  rows: z.array(
    z.object({
      id: z.number().int(),
      userId: z.string().nullable(),
      motmPlayerId: z.number().int().nullable(),
    }),
  ),
});
export type SimulationVoteRows = z.infer<typeof simulationVoteRows>;

export const SIMULATION_ERRORS = defineErrors('simulation', {
  prefixTaken: 'Fans with this prefix and numbers already exist',
  adminOnly: 'The simulation routes are for admins only',
});
