import { z } from 'zod';
import { userIdField } from './auth';
import { RATING_MAX, RATING_MIN } from './domain';
import { defineErrors } from './errors';
import { matchId, matchIdField } from './matches';
import { player, playerId, playerIdField } from './players';

const RATING_RANGE = 'Rating must be a whole number from 1 to 10';
export const ratingValue = z
  .number({ error: RATING_RANGE })
  .int(RATING_RANGE)
  .min(RATING_MIN, RATING_RANGE)
  .max(RATING_MAX, RATING_RANGE);

export const ratingBody = z.object({
  userId: userIdField,
  playerId: playerIdField,
  matchId: matchIdField,
  rating: ratingValue,
});
export type RatingBody = z.infer<typeof ratingBody>;
export const ratingSaved = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  rating: z.number().int(),
});

export const playerMatchParams = z.object({ playerId, matchId });
export const userPlayerMatchParams = z.object({ userId: userIdField, playerId, matchId });
export const userMatchParams = z.object({ userId: userIdField, matchId });

/** A player's match figures: average to one decimal, null before anyone rated. */
export const playerMatchStats = z.object({ average: z.number().nullable(), count: z.number().int() });
export type PlayerMatchStats = z.infer<typeof playerMatchStats>;

export const userRating = z.object({ id: z.number().int(), rating: z.number().int() }).nullable();
export const userRatings = z.array(z.object({ playerId: z.number().int(), rating: z.number().int() }));

/**
 * raters: fans whose counted ballots the figures rest on; heldBack: ballots the club's checks held back or
 * an admin excluded, in no figure.
 */
export const matchStats = z.object({
  totalRatings: z.number().int(),
  raters: z.number().int(),
  heldBack: z.number().int(),
});
export type MatchStats = z.infer<typeof matchStats>;

export const leaderboardEntry = player.extend({ averageRating: z.number(), ratingCount: z.number().int() });
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;
export const leaderboard = z.array(leaderboardEntry);

/** How fans rated each player: counts of the values 1 to 10 (index 0 is the value 1). */
export const ratingDistribution = z.array(
  z.object({ playerId: z.number().int(), counts: z.array(z.number().int()).length(10) }),
);
export type RatingDistribution = z.infer<typeof ratingDistribution>;

export const RATING_ERRORS = defineErrors('rating', {
  votingEnded: 'Voting has ended. This match has ended and voting is no longer available.',
  consentRequired: 'Please accept the privacy and consent terms before rating players.',
  notYourself: 'You can only rate and vote as yourself',
  notAvailable: 'This player is not available for rating',
  alreadyVoted: 'You have already submitted your final vote for this match',
  resultsLocked: 'Submit your vote to see the results',
  rateFirst: 'Rate this player to see the fans’ average',
});
