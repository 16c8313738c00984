import {
  SIMULATION_EMAIL_DOMAIN,
  SIMULATION_ERRORS,
  type SimulationFans,
  type SimulationRatingRows,
  type SimulationSummary,
  type SimulationVoteRows,
} from '@shared/simulation';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { type Database, rows } from '../../db/client';
import { ratings, users, userVotes } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { createSession } from '../../lib/sessions';
import { requireMatch } from '../matches/matches.service';

const USER_AGENT = 'matchday-simulator';

/**
 * Verified fans without consent (the simulator gives it through the real route), each with a session,
 * in one transaction: a prefix already used leaves nothing behind. Sessions come from the app's own
 * createSession, so they are exactly what a login would have created.
 */
export async function createSimulatedFans(
  db: Database,
  input: { prefix: string; first: number; count: number },
): Promise<SimulationFans> {
  return db.transaction(async (tx) => {
    const wanted = Array.from({ length: input.count }, (_, i) => {
      const n = input.first + i;
      return { email: `${input.prefix}-${n}@${SIMULATION_EMAIL_DOMAIN}`, name: `Simulated Fan ${n}` };
    });
    const created = await tx
      .insert(users)
      .values(wanted.map((fan) => ({ ...fan, emailVerified: true })))
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    if (created.length !== wanted.length) throw conflict(SIMULATION_ERRORS.prefixTaken);
    const idOf = new Map(created.map((row) => [row.email, row.id]));
    const fans: SimulationFans['fans'] = [];
    for (const { email } of wanted) {
      const id = idOf.get(email) ?? '';
      fans.push({ id, email, token: await createSession(tx, id, USER_AGENT) });
    }
    return { fans };
  });
}

export async function simulationSummary(db: Database, matchId: number): Promise<SimulationSummary> {
  await requireMatch(db, matchId);
  const [row] = await rows<{ ratings: number; pairs: number; votes: number; voters: number }>(
    db,
    sql`select
          (select count(*)::int from ratings where match_id = ${matchId}) as ratings,
          (select count(*)::int from (select distinct user_id, player_id from ratings where match_id = ${matchId}) p) as pairs,
          (select count(*)::int from user_votes where match_id = ${matchId}) as votes,
          (select count(distinct user_id)::int from user_votes where match_id = ${matchId}) as voters`,
  );
  return {
    matchId,
    ratings: row?.ratings ?? 0,
    ratingPairs: row?.pairs ?? 0,
    votes: row?.votes ?? 0,
    voters: row?.voters ?? 0,
  };
}

export async function listMatchRatings(
  db: Database,
  matchId: number,
  page: { afterId: number; limit: number },
): Promise<SimulationRatingRows> {
  await requireMatch(db, matchId);
  const found = await db
    .select({ id: ratings.id, userId: ratings.userId, playerId: ratings.playerId, rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.matchId, matchId), gt(ratings.id, page.afterId)))
    .orderBy(asc(ratings.id))
    .limit(page.limit);
  return { rows: found };
}

export async function listMatchVotes(
  db: Database,
  matchId: number,
  page: { afterId: number; limit: number },
): Promise<SimulationVoteRows> {
  await requireMatch(db, matchId);
  const found = await db
    .select({ id: userVotes.id, userId: userVotes.userId, motmPlayerId: userVotes.motmPlayerId })
    .from(userVotes)
    .where(and(eq(userVotes.matchId, matchId), gt(userVotes.id, page.afterId)))
    .orderBy(asc(userVotes.id))
    .limit(page.limit);
  return { rows: found };
}
