import { seasonOf } from '@shared/domain';
import type { Player, SeasonStats } from '@shared/players';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, createFan, setupLiveMatch, voteAll } from '../../testing/match-fixtures';
import { createTestContext, type TestContext } from '../../testing/test-app';

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

it('builds season stats from our own data: averages, matches rated, MOTM awards, recent form', async () => {
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
