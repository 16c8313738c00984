import { z } from 'zod';
import { userIdField } from './auth';
import { defineErrors } from './errors';
import { dbId } from './ids';
import { matchIdField } from './matches';

/**
 * Where the page stood when the fan submitted their vote, sent only when they consented to location and
 * the ground is set. The server keeps whether it was at the ground, never the position.
 */
export const voteLocation = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The position's uncertainty in metres, as the browser reports it. */
  accuracy: z.number().min(0).max(100_000),
});
export type VoteLocation = z.infer<typeof voteLocation>;

export const voteBody = z.object({
  userId: userIdField,
  matchId: matchIdField,
  motmPlayerId: dbId('Choose your Man of the Match'),
  isComplete: z.literal(true).optional().default(true),
  location: voteLocation.optional(),
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
