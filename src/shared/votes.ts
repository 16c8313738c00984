import { z } from 'zod';
import { userIdField } from './auth';
import { defineErrors } from './errors';
import { dbId } from './ids';
import { matchIdField } from './matches';

export const voteBody = z.object({
  userId: userIdField,
  matchId: matchIdField,
  motmPlayerId: dbId('Choose your Man of the Match'),
  isComplete: z.literal(true).optional().default(true),
});
export type VoteBody = z.input<typeof voteBody>;

export const voteProgress = z.object({ completed: z.number().int(), total: z.number().int() });
export const hasVoted = z.object({ hasVoted: z.boolean() });
export const userVote = z
  .object({
    userId: z.string(),
    matchId: z.number().int(),
    motmPlayerId: z.number().int().nullable(),
    isComplete: z.boolean(),
  })
  .nullable();
export type UserVote = z.infer<typeof userVote>;

export const motmPlayer = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string(),
  image: z.string().nullable(),
  /** The generated portrait, shown without a photo. */
  portraitUrl: z.string().optional(),
});

/** The winner, its share of final votes to one decimal, and any players level with it. voteCount for admins. */
export const motmResult = z
  .object({
    player: motmPlayer,
    percentage: z.number(),
    voteCount: z.number().int().optional(),
    tiedWith: z.array(motmPlayer),
    totalVotes: z.number().int().optional(),
  })
  .nullable();
export type MotmResult = z.infer<typeof motmResult>;

export const VOTE_ERRORS = defineErrors('vote', {
  managerNotMotm: 'The manager cannot be Man of the Match',
  motmNotAvailable: 'Your Man of the Match must be one of the players available for rating',
  rateAllFirst: 'Rate every player and the manager before submitting your vote',
});
