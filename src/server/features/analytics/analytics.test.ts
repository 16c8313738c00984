import type { Match } from '@shared/matches';
import type { Player } from '@shared/players';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  client,
  createFan,
  type LiveMatch,
  rateAll,
  setupLiveMatch,
} from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { matches, ratings } from '../../db/schema';
import type { MatchSnapshot } from '../match-day/results.service';
import { controversialOf } from './analytics.service';

/**
 * A scripted season of two matches, every figure worked out by hand:
 *
 * Match 1 (Arsenal, ended 2-1), 14 to rate (11 starters, 2 substitutes, the manager):
 *   A rates everyone 8, B everyone 6, C everyone 7 but star 10 and rival 2; final votes:
 *   A and B name star, C names rival. D rates only star 4 and rival 9 and never votes. E does nothing.
 *   star: 8, 6, 10, 4 -> mean 7, population variance (1+1+9+9)/4 = 5
 *   rival: 8, 6, 2, 9 -> mean 6.25 (6.3), variance 28.75/4 = 7.1875 (7.19)
 *   everyone else: 8, 6, 7 -> mean 7, variance 2/3 (0.67)
 * Match 2 (Chelsea): A rates everyone 9 and names star again (A returns; B and C do not).
 * Match 3 (Liverpool): announced, never started.
 */
let t: TestContext;
let live: LiveMatch;
let match1: Match;
let match2: Match;
let match3: Match;
let star: Player;
let rival: Player;
let fan: Awaited<ReturnType<typeof createFan>>;
let admin: Client;

async function vote(f: Awaited<ReturnType<typeof createFan>>, matchId: number, motmPlayerId: number) {
  const res = await f.api.post('/api/user-votes', { userId: f.user.id, matchId, motmPlayerId });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`vote: ${res.status} ${JSON.stringify(res.body)}`);
}

beforeAll(async () => {
  t = await createTestContext();
  live = await setupLiveMatch(t);
  admin = live.admin.api;
  match1 = live.match;
  [star, rival] = live.starters as [Player, Player];
  const [a, b, c, d] = [await createFan(t), await createFan(t), await createFan(t), await createFan(t)];
  await createFan(t); // E: signed up, never rated.
  fan = await createFan(t);

  await rateAll(a.api, a.user.id, live, 8);
  await vote(a, match1.id, star.id);
  await rateAll(b.api, b.user.id, live, 6);
  await vote(b, match1.id, star.id);
  await rateAll(c.api, c.user.id, live, (p) => (p.id === star.id ? 10 : p.id === rival.id ? 2 : 7));
  await vote(c, match1.id, rival.id);
  for (const [player, rating] of [
    [star, 4],
    [rival, 9],
  ] as const) {
    const res = await d.api.post('/api/ratings', {
      userId: d.user.id,
      playerId: player.id,
      matchId: match1.id,
      rating,
    });
    expect(res.status).toBe(200);
  }
  expect((await admin.patch(`/api/matches/${match1.id}`, { score: '2-1' })).status).toBe(200);

  // Ratings stamped at known minutes, for the timeline: A at 15:00:10, B at 15:00:50, C at 15:02:30, D at 15:02:59.
  for (const [user, at] of [
    [a, '2025-03-01T15:00:10Z'],
    [b, '2025-03-01T15:00:50Z'],
    [c, '2025-03-01T15:02:30Z'],
    [d, '2025-03-01T15:02:59Z'],
  ] as const) {
    await t.db
      .update(ratings)
      .set({ updatedAt: new Date(at) })
      .where(and(eq(ratings.userId, user.user.id), eq(ratings.matchId, match1.id)));
  }

  await t.db
    .update(matches)
    .set({ startedAt: new Date('2025-03-01T14:58:30Z') })
    .where(eq(matches.id, match1.id));

  // Starting match 2 ends match 1.
  match2 = (await admin.post<Match>('/api/matches', { opponent: 'Chelsea', venue: 'Stamford Bridge' })).body;
  expect((await admin.patch(`/api/matches/${match2.id}`, { isLive: true })).status).toBe(200);
  await rateAll(a.api, a.user.id, { ...live, match: match2 }, 9);
  await vote(a, match2.id, star.id);

  match3 = (await admin.post<Match>('/api/matches', { opponent: 'Liverpool' })).body;
});
afterAll(() => t.close());

describe('authorization', () => {
  const routes = () => [
    '/api/analytics/total-votes',
    `/api/analytics/total-votes/${match1.id}`,
    '/api/analytics/return-users',
    `/api/analytics/participation/${match1.id}`,
    `/api/analytics/controversial/${match1.id}`,
    `/api/motm-leaderboard/${match1.id}`,
    `/api/analytics/ratings-timeline/${match1.id}`,
    `/api/analytics/player-distributions/${match1.id}`,
    '/api/analytics/history/export',
  ];

  it('answers 401 to anonymous callers and 403 to fans on every route', async () => {
    for (const url of routes()) {
      expect(await client(t).get(url), url).toEqual({
        status: 401,
        body: { message: 'Not authenticated', code: expect.any(String) },
      });
      expect(await fan.api.get(url), url).toEqual({
        status: 403,
        body: { message: 'Admin access required', code: expect.any(String) },
      });
      expect((await admin.get(url)).status, url).toBe(200);
    }
  });

  it('answers 404 for an unknown match and 400 for a malformed id', async () => {
    for (const path of [
      'analytics/total-votes',
      'analytics/participation',
      'analytics/controversial',
      'motm-leaderboard',
      'analytics/ratings-timeline',
      'analytics/player-distributions',
    ]) {
      expect(await admin.get(`/api/${path}/999999`), path).toEqual({
        status: 404,
        body: { message: 'Match not found', code: expect.any(String) },
      });
      expect(await admin.get(`/api/${path}/abc`), path).toEqual({
        status: 400,
        body: { message: 'Invalid match id', code: expect.any(String) },
      });
    }
    // A fan learns nothing, not even whether the match exists.
    expect((await fan.api.get('/api/motm-leaderboard/999999')).status).toBe(403);
  });
});

describe('figures', () => {
  it('counts final votes per match and overall', async () => {
    expect((await admin.get('/api/analytics/total-votes')).body).toEqual({ totalVotes: 4 });
    expect((await admin.get(`/api/analytics/total-votes/${match1.id}`)).body).toEqual({ totalVotes: 3 });
    expect((await admin.get(`/api/analytics/total-votes/${match2.id}`)).body).toEqual({ totalVotes: 1 });
    expect((await admin.get(`/api/analytics/total-votes/${match3.id}`)).body).toEqual({ totalVotes: 0 });
  });

  it('counts return users: final votes in two matches, out of fans with one', async () => {
    expect((await admin.get('/api/analytics/return-users')).body).toEqual({
      returnUsers: 1,
      totalUsers: 3,
      loyaltyRate: 33.3,
    });
  });

  it('counts complete and partial voters of a match', async () => {
    expect((await admin.get(`/api/analytics/participation/${match1.id}`)).body).toEqual({
      completeVotes: 3,
      partialVotes: 1,
      completionRate: 75,
    });
    expect((await admin.get(`/api/analytics/participation/${match2.id}`)).body).toEqual({
      completeVotes: 1,
      partialVotes: 0,
      completionRate: 100,
    });
    expect((await admin.get(`/api/analytics/participation/${match3.id}`)).body).toEqual({
      completeVotes: 0,
      partialVotes: 0,
      completionRate: 0,
    });
  });

  it('ranks the top 5 controversial players by population variance', async () => {
    const others = live.available
      .filter((p) => p.id !== star.id && p.id !== rival.id)
      .sort((x, y) => x.name.localeCompare(y.name))
      .slice(0, 3);
    const entry = (p: Player) => ({ id: p.id, name: p.name, position: p.position });
    expect((await admin.get(`/api/analytics/controversial/${match1.id}`)).body).toEqual([
      { player: entry(rival), averageRating: 6.3, variance: 7.19, ratingCount: 4 },
      { player: entry(star), averageRating: 7, variance: 5, ratingCount: 4 },
      ...others.map((p) => ({ player: entry(p), averageRating: 7, variance: 0.67, ratingCount: 3 })),
    ]);
    // One rater each: no spread to speak of.
    expect((await admin.get(`/api/analytics/controversial/${match2.id}`)).body).toEqual([]);
  });

  it('leaves out players everyone rated alike: all spreads 0 is an empty list', async () => {
    const alike = { count: 3, sum: 21, counts: [0, 0, 0, 0, 0, 0, 3, 0, 0, 0] };
    const snapshot = (players: [number, typeof alike][]): MatchSnapshot => ({
      matchId: match1.id,
      computedAt: 0,
      totalRatings: 0,
      totalVotes: 0,
      raters: 0,
      heldBack: 0,
      players: new Map(players),
      leaderboard: [],
      distribution: [],
      motm: null,
      votes: new Map(),
      squad: new Map(),
    });
    expect(
      await controversialOf(
        t.db,
        snapshot([
          [star.id, alike],
          [rival.id, alike],
        ]),
      ),
    ).toEqual([]);
    const split = { count: 2, sum: 12, counts: [0, 0, 0, 0, 1, 0, 1, 0, 0, 0] };
    expect(
      (
        await controversialOf(
          t.db,
          snapshot([
            [star.id, alike],
            [rival.id, split],
          ]),
        )
      ).map((e) => e.player.id),
    ).toEqual([rival.id]);
  });

  it('lists every player with MOTM votes, most first, with shares to one decimal', async () => {
    const shown = (p: Player) => ({ id: p.id, name: p.name, position: p.position, image: p.image });
    expect((await admin.get(`/api/motm-leaderboard/${match1.id}`)).body).toEqual([
      { player: shown(star), voteCount: 2, percentage: 66.7 },
      { player: shown(rival), voteCount: 1, percentage: 33.3 },
    ]);
    expect((await admin.get(`/api/motm-leaderboard/${match3.id}`)).body).toEqual([]);
  });

  it('counts ratings per match minute from the start time, empty minutes included', async () => {
    // Kick-off 14:58:30: A (15:00:10) in minute 2, B (15:00:50) in 3, C and D (15:02:30, 15:02:59) in 5.
    expect((await admin.get(`/api/analytics/ratings-timeline/${match1.id}`)).body).toEqual([
      { minute: 1, ratings: 0 },
      { minute: 2, ratings: 14 },
      { minute: 3, ratings: 14 },
      { minute: 4, ratings: 0 },
      { minute: 5, ratings: 16 },
    ]);
    // Match 2 was rated straight after its kick-off, in its first minute.
    expect((await admin.get(`/api/analytics/ratings-timeline/${match2.id}`)).body).toEqual([
      { minute: 1, ratings: 14 },
    ]);
    expect((await admin.get(`/api/analytics/ratings-timeline/${match3.id}`)).body).toEqual([]);
  });

  it("gives every rated player's distribution from the match figures", async () => {
    const list = (
      await admin.get<
        { player: { id: number }; averageRating: number; ratingCount: number; counts: number[] }[]
      >(`/api/analytics/player-distributions/${match1.id}`)
    ).body;
    expect(list).toHaveLength(14);
    const of = (p: Player) => list.find((e) => e.player.id === p.id);
    expect(of(star)).toEqual({
      player: { id: star.id, name: star.name, position: star.position, image: star.image },
      averageRating: 7,
      ratingCount: 4,
      counts: [0, 0, 0, 1, 0, 1, 0, 1, 0, 1],
    });
    expect(of(rival)).toMatchObject({
      averageRating: 6.3,
      ratingCount: 4,
      counts: [0, 1, 0, 0, 0, 1, 0, 1, 1, 0],
    });
    expect(of(live.manager)).toMatchObject({
      averageRating: 7,
      ratingCount: 3,
      counts: [0, 0, 0, 0, 0, 1, 1, 1, 0, 0],
    });
    expect(list.reduce((sum, e) => sum + e.ratingCount, 0)).toBe(44);
    expect((await admin.get(`/api/analytics/player-distributions/${match3.id}`)).body).toEqual([]);
  });

  it('exports every ended match, newest first, with the fields of point 9', async () => {
    const firstEntry = {
      matchTitle: 'Manchester United vs Arsenal',
      opponent: 'Arsenal',
      venue: 'Old Trafford',
      tournament: 'Premier League',
      date: null,
      scheduledKickOff: '15:00',
      score: '2-1',
      totalVotes: 3,
      manOfTheMatch: star.name,
      motmVoteCount: 2,
      motmPercentage: 66.7,
      completeVotes: 3,
      partialVotes: 1,
      completionRate: 75,
      isLive: false,
      status: 'Ended',
    };
    // Match 2 is still live and match 3 never started: only match 1 has ended.
    expect((await admin.get('/api/analytics/history/export')).body).toEqual([firstEntry]);

    expect(
      (await admin.patch(`/api/matches/${match2.id}`, { isLive: false, scheduledDate: '2030-05-04' })).status,
    ).toBe(200);
    const res = await admin.get<Record<string, unknown>[]>('/api/analytics/history/export');
    expect(res.body).toEqual([
      {
        matchTitle: 'Manchester United vs Chelsea',
        opponent: 'Chelsea',
        venue: 'Stamford Bridge',
        tournament: 'Premier League',
        date: '2030-05-04',
        scheduledKickOff: '15:00',
        score: '0-0',
        totalVotes: 1,
        manOfTheMatch: star.name,
        motmVoteCount: 1,
        motmPercentage: 100,
        completeVotes: 1,
        partialVotes: 0,
        completionRate: 100,
        isLive: false,
        status: 'Ended',
      },
      firstEntry,
    ]);
    for (const entry of res.body)
      expect(Object.keys(entry).sort()).toEqual(
        [
          'matchTitle',
          'opponent',
          'venue',
          'tournament',
          'date',
          'scheduledKickOff',
          'score',
          'totalVotes',
          'manOfTheMatch',
          'motmVoteCount',
          'motmPercentage',
          'completeVotes',
          'partialVotes',
          'completionRate',
          'isLive',
          'status',
        ].sort(),
      );
  });
});
