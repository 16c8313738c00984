import type { Match } from '@shared/matches';
import type { Player } from '@shared/players';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type LiveMatch, setupLiveMatch } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { ratings, users, userVotes } from '../../db/schema';

/**
 * Shares read from the API round half up from the counts: 145 of 2,000 is 7.25 %, shown 7.3 (the
 * floating-point 145 / 2000 * 100 = 7.2499... used to show 7.2).
 *
 * 2,000 fans, stored directly:
 *   match A: all 2,000 give a final vote, 145 for star, the other 1,855 spread over 13 players (at most 143 each);
 *   match B: fans 1 to 145 give a final vote, the other 1,855 rate a player and never vote.
 * So 145 of 2,000 is the MOTM share of A, the completion rate of B, and the share of returning fans.
 */
let t: TestContext;
let live: LiveMatch;
let admin: Client;
let matchA: Match;
let matchB: Match;
let star: Player;

const FANS = 2000;
const SHARE = 145;

beforeAll(async () => {
  t = await createTestContext();
  live = await setupLiveMatch(t);
  admin = live.admin.api;
  matchA = live.match;
  star = live.starters[0] as Player;
  const others = live.squad.filter((p) => p.id !== star.id && !p.isManager).slice(0, 13);
  expect(others).toHaveLength(13);
  matchB = (await admin.post<Match>('/api/matches', { opponent: 'Chelsea' })).body;

  const fans = await t.db
    .insert(users)
    .values(Array.from({ length: FANS }, (_, i) => ({ email: `share-${i}@example.com`, name: `Fan ${i}` })))
    .returning({ id: users.id });
  await t.db.insert(userVotes).values(
    fans.map((f, i) => ({
      userId: f.id,
      matchId: matchA.id,
      motmPlayerId: i < SHARE ? star.id : (others[i % others.length] as Player).id,
    })),
  );
  await t.db
    .insert(userVotes)
    .values(fans.slice(0, SHARE).map((f) => ({ userId: f.id, matchId: matchB.id, motmPlayerId: star.id })));
  await t.db
    .insert(ratings)
    .values(
      fans.slice(SHARE).map((f) => ({ userId: f.id, matchId: matchB.id, playerId: star.id, rating: 7 })),
    );

  // Starting B ends A; then B ends too, so both are in the history export.
  expect((await admin.patch(`/api/matches/${matchB.id}`, { isLive: true })).status).toBe(200);
  expect((await admin.patch(`/api/matches/${matchB.id}`, { isLive: false })).status).toBe(200);
});
afterAll(() => t.close());

describe('percentages round half up from integers: 145 of 2,000 votes reads 7.3 %, not 7.2 %', () => {
  it('MOTM share for fans: 145 of 2,000 final votes is 7.3', async () => {
    const motm = await admin.get<{ player: { id: number }; percentage: number; voteCount: number }>(
      `/api/motm/${matchA.id}`,
    );
    expect(motm.status).toBe(200);
    expect(motm.body).toMatchObject({
      player: { id: star.id },
      percentage: 7.3,
      voteCount: SHARE,
      totalVotes: FANS,
    });
  });

  it('MOTM leaderboard for admins: 145 of 2,000 is 7.3', async () => {
    const list = (
      await admin.get<{ player: { id: number }; voteCount: number; percentage: number }[]>(
        `/api/motm-leaderboard/${matchA.id}`,
      )
    ).body;
    expect(list[0]).toMatchObject({ player: { id: star.id }, voteCount: SHARE, percentage: 7.3 });
    expect(list.reduce((sum, e) => sum + e.voteCount, 0)).toBe(FANS);
  });

  it('completion rate: 145 final votes of 2,000 fans who started is 7.3', async () => {
    expect((await admin.get(`/api/analytics/participation/${matchB.id}`)).body).toEqual({
      completeVotes: SHARE,
      partialVotes: FANS - SHARE,
      completionRate: 7.3,
    });
  });

  it('return users: 145 of 2,000 voters came back, 7.3', async () => {
    expect((await admin.get('/api/analytics/return-users')).body).toEqual({
      returnUsers: SHARE,
      totalUsers: FANS,
      loyaltyRate: 7.3,
    });
  });

  it('history export: the same shares, 7.3, per match', async () => {
    const exported = (
      await admin.get<{ opponent: string; motmPercentage: number; completionRate: number }[]>(
        '/api/analytics/history/export',
      )
    ).body;
    expect(exported.find((m) => m.opponent === 'Arsenal')).toMatchObject({
      motmVoteCount: SHARE,
      motmPercentage: 7.3,
      completionRate: 100,
    });
    expect(exported.find((m) => m.opponent === 'Chelsea')).toMatchObject({
      motmPercentage: 100,
      completeVotes: SHARE,
      partialVotes: FANS - SHARE,
      completionRate: 7.3,
    });
  });
});
