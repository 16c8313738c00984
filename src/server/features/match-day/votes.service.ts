import { RATING_ERRORS } from '@shared/ratings';
import { VOTE_ERRORS } from '@shared/votes';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { matches, players, userVotes } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-error';
import { requireMatch } from '../matches/matches.service';

/** completed: the user's ratings of players available now; total: players available now (manager included). */
export async function voteProgress(db: Database, userId: string, matchId: number) {
  const [row] = await rows<{ completed: number; total: number }>(
    db,
    sql`select
          (select count(*)::int from ratings r join players p on p.id = r.player_id
            where r.user_id = ${userId} and r.match_id = ${matchId}
              and p.is_available_for_rating and p.is_active) as completed,
          (select count(*)::int from players where is_available_for_rating and is_active) as total`,
  );
  return { completed: row?.completed ?? 0, total: row?.total ?? 0 };
}

export async function findUserVote(db: Database, userId: string, matchId: number) {
  const [vote] = await db
    .select({
      userId: userVotes.userId,
      matchId: userVotes.matchId,
      motmPlayerId: userVotes.motmPlayerId,
      isComplete: userVotes.isComplete,
    })
    .from(userVotes)
    .where(and(eq(userVotes.userId, userId), eq(userVotes.matchId, matchId)))
    .limit(1);
  return vote ? { ...vote, userId } : null;
}

/**
 * The fan's one final vote, with its rules in order: live match, not voted yet, a
 * Man of the Match who is available and not the manager, every available player and the manager rated.
 */
export async function submitVote(
  db: Database,
  input: { userId: string; matchId: number; motmPlayerId: number; atGround?: boolean | null },
) {
  return db.transaction(async (tx) => {
    const match = await requireMatch(tx, input.matchId);
    if (!match.isLive) throw conflict(RATING_ERRORS.votingEnded);
    if (await findUserVote(tx, input.userId, input.matchId)) {
      throw conflict(RATING_ERRORS.alreadyVoted);
    }
    const [motm] = await tx.select().from(players).where(eq(players.id, input.motmPlayerId)).limit(1);
    if (motm?.isManager) throw badRequest(VOTE_ERRORS.managerNotMotm);
    if (!motm?.isAvailableForRating || !motm.isActive) throw badRequest(VOTE_ERRORS.motmNotAvailable);
    const progress = await voteProgress(tx, input.userId, input.matchId);
    if (progress.completed < progress.total) throw badRequest(VOTE_ERRORS.rateAllFirst);

    const [vote] = await tx
      .insert(userVotes)
      .values({
        userId: input.userId,
        matchId: input.matchId,
        motmPlayerId: input.motmPlayerId,
        isComplete: true,
        atGround: input.atGround ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: userVotes.id });
    // A second tab submitting at the same moment loses here, on the unique index.
    if (!vote) throw conflict(RATING_ERRORS.alreadyVoted);
    return {
      userId: input.userId,
      matchId: input.matchId,
      motmPlayerId: input.motmPlayerId,
      isComplete: true,
    };
  });
}

/** The live matches in which the user has a final vote: their live sockets may receive those results. */
export async function votedLiveMatches(db: Database, userId: string): Promise<number[]> {
  const voted = await db
    .select({ matchId: userVotes.matchId })
    .from(userVotes)
    .innerJoin(matches, eq(matches.id, userVotes.matchId))
    .where(and(eq(userVotes.userId, userId), eq(matches.isLive, true)));
  return voted.map((row) => row.matchId);
}
