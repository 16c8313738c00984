import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/server/test-app';
import { createTestDatabase } from '../../../tests/server/test-db';
import type { DbHandle } from './client';
import { banners, customization, matches, players, ratings, userVotes } from './schema';
import { seedDatabase } from './seed';
import { SQUADS } from './squads';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** The database's own refusal, whatever the driver wraps it in. */
async function refused(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    let e: unknown = error;
    while (e && !(e as { code?: string }).code) e = (e as { cause?: unknown }).cause;
    return String((e as { code?: string } | undefined)?.code ?? 'unknown');
  }
  return 'accepted';
}

describe('seed', () => {
  it('fills an empty database with the club squad, 3 goalkeepers and one manager, once', async () => {
    const first = await seedDatabase(handle.db, 'Manchester United');
    expect(first).toEqual({ players: SQUADS['Manchester United']?.length, squadKnown: true });
    const all = await handle.db.select().from(players);
    expect(all.filter((p) => !p.isManager).length).toBeGreaterThanOrEqual(25);
    expect(all.filter((p) => p.position === 'Goalkeeper')).toHaveLength(3);
    expect(all.filter((p) => p.isManager).map((p) => p.position)).toEqual(['Manager']);
    const numbers = all.filter((p) => !p.isManager).map((p) => p.jerseyNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    const [brand] = await handle.db.select().from(customization);
    expect(brand?.companyName).toBe('Manchester United');
    expect(await handle.db.select().from(banners)).toHaveLength(2);

    const again = await seedDatabase(handle.db, 'Manchester United');
    expect(again.players).toBe(0);
    expect((await handle.db.select({ n: count() }).from(players))[0]?.n).toBe(all.length);
  });
});

describe('constraints held by the database itself', () => {
  it('keeps a rating between 1 and 10, one per user, player and match', async () => {
    const { user } = await createUser(handle.db);
    const [player] = await handle.db.select().from(players).limit(1);
    const [match] = await handle.db
      .insert(matches)
      .values({ title: 'United vs City', opponent: 'City' })
      .returning();
    const row = { userId: user.id, playerId: player?.id ?? 0, matchId: match?.id ?? 0 };
    expect(await refused(handle.db.insert(ratings).values({ ...row, rating: 0 }))).toBe('23514');
    expect(await refused(handle.db.insert(ratings).values({ ...row, rating: 11 }))).toBe('23514');
    expect(await refused(handle.db.insert(ratings).values({ ...row, rating: 7 }))).toBe('accepted');
    expect(await refused(handle.db.insert(ratings).values({ ...row, rating: 8 }))).toBe('23505');
    const rows = await handle.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.userId, user.id), eq(ratings.matchId, row.matchId)));
    expect(rows.map((r) => r.rating)).toEqual([7]);
  });

  it('keeps one final vote per user and match', async () => {
    const { user } = await createUser(handle.db);
    const [match] = await handle.db.insert(matches).values({ title: 'A vs B', opponent: 'B' }).returning();
    const vote = { userId: user.id, matchId: match?.id ?? 0 };
    expect(await refused(handle.db.insert(userVotes).values(vote))).toBe('accepted');
    expect(await refused(handle.db.insert(userVotes).values(vote))).toBe('23505');
  });

  it('allows at most one live match, and only known positions and jersey numbers 1-99', async () => {
    expect(
      await refused(handle.db.insert(matches).values({ title: 'L1', opponent: 'X', isLive: true })),
    ).toBe('accepted');
    expect(
      await refused(handle.db.insert(matches).values({ title: 'L2', opponent: 'Y', isLive: true })),
    ).toBe('23505');
    expect(await refused(handle.db.insert(players).values({ name: 'Z', position: 'Sweeper' }))).toBe('23514');
    expect(
      await refused(handle.db.insert(players).values({ name: 'Z', position: 'Striker', jerseyNumber: 100 })),
    ).toBe('23514');
    expect(await refused(handle.db.execute(sql`insert into customization (id) values (2)`))).toBe('23514');
  });
});
