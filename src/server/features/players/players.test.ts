import { seasonOf } from '@shared/domain';
import type { Player, SeasonStats } from '@shared/players';
import type { SeasonTable } from '@shared/seasons';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, createFan, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('lists the squad and the players available for rating to signed-in users only', async () => {
  const live = await setupLiveMatch(t);
  expect((await client(t).get('/api/players')).status).toBe(401);
  const fan = await createFan(t);
  const all = (await fan.api.get<Player[]>('/api/players')).body;
  expect(all.length).toBeGreaterThanOrEqual(26);
  const available = await fan.api.get<Player[]>('/api/players/available-for-rating');
  expect(available.body.map((p) => p.id).sort()).toEqual(live.available.map((p) => p.id).sort());
  expect(available.body.filter((p) => p.isManager)).toHaveLength(1);
  expect(
    available.body
      .filter((p) => p.isSubstitute)
      .map((p) => p.id)
      .sort(),
  ).toEqual(live.substitutes.map((p) => p.id).sort());
});

it('builds season stats from the kept reports of ended matches: averages, matches rated, MOTM awards, recent form', async () => {
  const first = await setupLiveMatch(t, { opponent: 'Liverpool' });
  const star = first.starters[0];
  if (!star) throw new Error('no player');
  const fans = await Promise.all([createFan(t), createFan(t)]);
  for (const [i, f] of fans.entries()) {
    await voteAll(f, first, (p) => (p.id === star.id ? ([9, 8][i] ?? 5) : 6), star);
  }
  await first.admin.api.patch(`/api/matches/${first.match.id}`, { score: '2-1', isLive: false });
  const stats = (await fans[0]?.api.get<SeasonStats>(`/api/players/${star.id}/season-stats`))?.body;
  expect(stats).toMatchObject({
    playerId: star.id,
    // Matches made today: the season is today's, never a fixed label.
    seasonLabel: seasonOf(new Date()).label,
    motmAwards: 1,
    averageRating: 8.5,
  });
  expect(stats?.recentForm[0]).toMatchObject({
    matchId: first.match.id,
    opponent: 'Liverpool',
    score: '2-1',
    result: 'W',
    playerAverage: 8.5,
  });
  expect((await fans[0]?.api.get('/api/players/999999/season-stats'))?.status).toBe(404);

  // A match scheduled in a later season makes that season the current one: last season's ratings,
  // awards and form are not counted in it.
  const later = await first.admin.api.post<{ id: number }>('/api/matches', {
    opponent: 'Arsenal',
    scheduledDate: '2031-08-16',
  });
  expect(later.status).toBe(201);
  const next = (await fans[0]?.api.get<SeasonStats>(`/api/players/${star.id}/season-stats`))?.body;
  expect(next).toMatchObject({
    seasonLabel: '2031/32',
    ratingCount: 0,
    matchesRated: 0,
    motmAwards: 0,
    averageRating: null,
    recentForm: [],
  });
});

it('gives the stats dialog the season table’s figures: the same season rule, the same kept matches', async () => {
  const rate = async (opponent: string, day: string, values: number[], end = true) => {
    const live = await setupLiveMatch(t, { opponent });
    const star = live.starters[0] as Player;
    for (const value of values)
      await voteAll(await createFan(t), live, (p) => (p.id === star.id ? value : 6), star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { scheduledDate: day });
    if (end) await live.admin.api.patch(`/api/matches/${live.match.id}`, { score: '1-1', isLive: false });
    return { live, star };
  };
  // Two matches of 2032/33: averages 8.5 (two fans) and 5 (one fan). The season's figure is the mean of
  // the match averages (6.75, shown 6.8), not of the three ratings (7.3).
  const { live: first, star } = await rate('Chelsea', '2032-09-04', [9, 8]);
  await rate('Everton', '2032-09-18', [5]);
  const reader = await createFan(t);
  const statsOf = async () =>
    (await reader.api.get<SeasonStats>(`/api/players/${star.id}/season-stats`)).body;
  const rowOf = async (slug: string) =>
    (await client(t).get<SeasonTable>(`/api/seasons/${slug}/players`)).body.players.find(
      (r) => r.player.id === star.id,
    );

  const row = await rowOf('2032-33');
  expect(row).toMatchObject({ averageRating: 6.8, matchesRated: 2, ratingCount: 3, motmAwards: 2 });
  const stats = await statsOf();
  expect(stats).toMatchObject({
    seasonLabel: '2032/33',
    averageRating: row?.averageRating,
    matchesRated: row?.matchesRated,
    ratingCount: row?.ratingCount,
    motmAwards: row?.motmAwards,
  });
  // Newest first, each with the player's average in it, from the kept reports.
  expect(stats.recentForm.map((m) => [m.opponent, m.result, m.playerAverage])).toEqual([
    ['Everton', 'D', 5],
    ['Chelsea', 'D', 8.5],
  ]);
  expect(stats.recentForm[1]?.matchId).toBe(first.match.id);

  // A live match is not in the season table yet, so not in the dialog either.
  await rate('Wolves', '2032-09-25', [10], false);
  expect(await statsOf()).toMatchObject({ averageRating: 6.8, matchesRated: 2, ratingCount: 3 });
  expect((await statsOf()).recentForm).toHaveLength(2);

  // Seasons starting in October put September 2032 in 2031/32: the dialog follows, with the same row.
  const admin = await createFan(t, { isAdmin: true });
  expect((await admin.api.put('/api/admin/season-settings', { startMonth: 10 })).status).toBe(200);
  const october = await rowOf('2031-32');
  expect(october).toMatchObject({ averageRating: 6.8, matchesRated: 2 });
  expect(await statsOf()).toMatchObject({
    seasonLabel: '2031/32',
    averageRating: october?.averageRating,
    matchesRated: october?.matchesRated,
    ratingCount: october?.ratingCount,
    motmAwards: october?.motmAwards,
  });

  // A player rated nowhere in the season has nothing recorded.
  const unrated = (await admin.api.get<Player[]>('/api/players')).body.find(
    (p) => !first.available.some((a) => a.id === p.id),
  ) as Player;
  expect((await reader.api.get<SeasonStats>(`/api/players/${unrated.id}/season-stats`)).body).toMatchObject({
    averageRating: null,
    matchesRated: 0,
    ratingCount: 0,
    motmAwards: 0,
  });
});
