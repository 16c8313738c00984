/**
 * Fans who have rated every player and given their final vote in the live match, with a session each:
 * the audience of every leaderboard_update. Written straight to the database in batches with the app's
 * schema, token digest and cookie name (thousands of sign-ups through the API would take minutes).
 */
import { sql } from 'drizzle-orm';
import { rows } from '../../src/server/db/client';
import { sessions, users, userVotes } from '../../src/server/db/schema';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../src/server/lib/sessions';
import { hashToken, randomToken } from '../../src/server/lib/tokens';
import type { MatchDay, Product } from './product';

const BATCH = 1000;

/** `count` voters of `day`'s match; their session cookies, in order. */
export async function seedVoters(product: Product, day: MatchDay, count: number): Promise<string[]> {
  const { db } = product.database;
  const motm = day.available.find((p) => !p.isManager);
  if (!motm) throw new Error('no player to vote for');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const cookies: string[] = [];
  for (let first = 0; first < count; first += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - first) }, (_, i) => ({
      email: `voter${first + i}@bench.invalid`,
      name: `Voter ${first + i}`,
      emailVerified: true,
      consentGiven: true,
      consentAt: new Date(),
    }));
    const ids = await db.insert(users).values(batch).returning({ id: users.id });
    const tokens = ids.map(() => randomToken());
    await db.insert(sessions).values(
      ids.map((row, i) => ({
        tokenHash: hashToken(tokens[i] ?? ''),
        userId: row.id,
        expiresAt,
        userAgent: 'matchday-bench',
      })),
    );
    await db
      .insert(userVotes)
      .values(ids.map((row) => ({ userId: row.id, matchId: day.matchId, motmPlayerId: motm.id })));
    cookies.push(...tokens.map((token) => `${SESSION_COOKIE}=${token}`));
  }
  // A final vote means every available player was rated: a leaderboard as big as such a crowd makes.
  const playerIds = day.available.map((p) => Number(p.id)).join(',');
  await rows(
    db,
    sql`insert into ratings (user_id, player_id, match_id, rating)
        select u.id, p.id, ${day.matchId}, 1 + abs(hashtext(u.id::text || p.id::text)) % 10
        from users u cross join unnest(${sql.raw(`array[${playerIds}]::int[]`)}) as p(id)
        where u.email like 'voter%@bench.invalid'`,
  );
  return cookies;
}

/** Ratings of the match in the database. */
export async function ratingsInMatch(product: Product, matchId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    product.database.db,
    sql`select count(*)::int as n from ratings where match_id = ${matchId}`,
  );
  return row?.n ?? -1;
}
