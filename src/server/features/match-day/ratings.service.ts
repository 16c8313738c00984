import { RATING_MESSAGES, type RatingBody } from '@shared/ratings';
import { and, eq } from 'drizzle-orm';
import { type Database, preparedStatement } from '../../db/client';
import { ratings, userVotes } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-error';
import { requireMatch } from '../matches/matches.service';

/**
 * Creates or replaces the fan's rating in one statement: the live match, the player's availability and
 * the absence of a final vote are checked inside it, so the happy path is a single indexed upsert with
 * no lock shared between fans. Sending the same rating twice leaves one row. Exported with its
 * parameters so the ratings benchmark sends exactly what the product sends.
 */
export const RATING_UPSERT = `insert into ratings (user_id, player_id, match_id, rating)
  select $1, $2, $3, $4
  where exists (select 1 from matches where id = $3 and is_live)
    and exists (select 1 from players where id = $2 and is_available_for_rating and is_active)
    and not exists (select 1 from user_votes where user_id = $1 and match_id = $3)
  on conflict (user_id, player_id, match_id)
  do update set rating = excluded.rating, updated_at = now()
  returning id`;

export const ratingUpsertParams = (input: RatingBody) =>
  [input.userId, input.playerId, input.matchId, input.rating] as const;

const upsertRating = preparedStatement<{ id: number }>(RATING_UPSERT);

export async function saveRating(
  db: Database,
  input: RatingBody,
): Promise<{ id: number; playerId: number; rating: number }> {
  const [saved] = await upsertRating(db, [...ratingUpsertParams(input)]);
  if (saved) return { id: saved.id, playerId: input.playerId, rating: input.rating };
  throw await whyRatingRefused(db, input);
}

/** The slow path: only a refused rating pays for finding out which rule it broke. */
async function whyRatingRefused(db: Database, input: RatingBody): Promise<Error> {
  const match = await requireMatch(db, input.matchId);
  if (!match.isLive) return conflict(RATING_MESSAGES.votingEnded);
  if (await hasFinalVote(db, input.userId, input.matchId)) return conflict(RATING_MESSAGES.alreadyVoted);
  return badRequest(RATING_MESSAGES.notAvailable);
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
