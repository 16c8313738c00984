import { RATING_ERRORS, type RatingBody } from '@shared/ratings';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ratings, userVotes } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-error';
import { requireMatch } from '../matches/matches.service';
import { ratingBatchesOf } from './rating-batches';

/** Saves through the database's rating batches: ratings arriving together share one statement. */
export async function saveRating(
  db: Database,
  input: RatingBody,
): Promise<{ id: number; playerId: number; rating: number }> {
  const id = await ratingBatchesOf(db).save(input);
  if (id !== null) return { id, playerId: input.playerId, rating: input.rating };
  throw await whyRatingRefused(db, input);
}

/** The slow path: only a refused rating pays for finding out which rule it broke. */
async function whyRatingRefused(db: Database, input: RatingBody): Promise<Error> {
  const match = await requireMatch(db, input.matchId);
  if (!match.isLive) return conflict(RATING_ERRORS.votingEnded);
  if (await hasFinalVote(db, input.userId, input.matchId)) return conflict(RATING_ERRORS.alreadyVoted);
  return badRequest(RATING_ERRORS.notAvailable);
}

export async function hasFinalVote(db: Database, userId: string, matchId: number): Promise<boolean> {
  const [vote] = await db
    .select({ id: userVotes.id })
    .from(userVotes)
    .where(and(eq(userVotes.userId, userId), eq(userVotes.matchId, matchId)))
    .limit(1);
  return Boolean(vote);
}

export async function findUserRating(
  db: Database,
  userId: string,
  playerId: number,
  matchId: number,
): Promise<{ id: number; rating: number } | null> {
  const [row] = await db
    .select({ id: ratings.id, rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.playerId, playerId), eq(ratings.matchId, matchId)))
    .limit(1);
  return row ?? null;
}

export async function listUserRatings(db: Database, userId: string, matchId: number) {
  return db
    .select({ playerId: ratings.playerId, rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.matchId, matchId)));
}
