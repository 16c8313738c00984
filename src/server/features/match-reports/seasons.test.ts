import type { MatchReport } from '@shared/match-reports';
import type { Player } from '@shared/players';
import type { PlayerProfile, SeasonSummary, SeasonTable, UserHistory } from '@shared/seasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createFan,
  reportedMatch,
  setupLiveMatch,
  voteAll,
} from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { buildSeasonTable, meanOfTenths, minimumMatchesFor } from './seasons.service';

/** A report with the given match averages per player id (one rating each) and MOTM. */
function report(id: number, averages: Record<number, number>, motm: number | null): MatchReport {
  const players = Object.entries(averages).map(([pid, averageRating]) => ({
    id: Number(pid),
    name: `Player ${pid}`,
    position: 'Midfielder',
    jerseyNumber: Number(pid),
    isManager: false,
    isSubstitute: false,
    image: null,
    averageRating,
    ratingCount: 2,
    counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  }));
  const winner = players.find((p) => p.id === motm);
  return {
    match: reportedMatch(id, `2030-09-${String(id).padStart(2, '0')}`),
    season: '2030/31',
    players,
    motm: winner
      ? {
          player: { id: winner.id, name: winner.name, position: winner.position, image: null },
          percentage: 100,
          tiedWith: [],
        }
      : null,
    totalRatings: 2 * players.length,
    totalVotes: 1,
    raters: 2,
    heldBack: 0,
    completion: 50,
    ground: null,
    computedAt: new Date().toISOString(),
  };
}

describe('a season table', () => {
  it('ranks by the mean of match averages, shares equal ranks, and leaves players under the minimum unranked', () => {
    const reports = [
      report(1, { 1: 8, 2: 7, 3: 6, 4: 9 }, 1),
      report(2, { 1: 6, 2: 7, 3: 7.5 }, 3),
      report(3, { 1: 7, 2: 7, 3: 6.5 }, 1),
    ];
    const table = buildSeasonTable({ slug: '2030-31', label: '2030/31' }, reports);
    expect(table.minimumMatches).toBe(minimumMatchesFor(3));
    // A third of three matches is one, so player 4's single 9 ranks first.
    expect(table.players.map((r) => [r.player.id, r.rank, r.averageRating])).toEqual([
      [4, 1, 9],
      [1, 2, 7],
      [2, 2, 7],
      [3, 4, 6.7],
    ]);
    const first = table.players.find((r) => r.player.id === 1);
    expect(first).toMatchObject({
      matchesRated: 3,
      ratingCount: 6,
      motmAwards: 2,
      best: { matchId: 1, averageRating: 8 },
      worst: { matchId: 2, averageRating: 6 },
      form: [8, 6, 7],
    });
  });

  it('takes the mean of match averages in tenths, so a half-tenth rounds up as the figures shown make it', () => {
    // (8.1 + 8.2) / 2 is 8.15: in floating point 8.149999…, which showed 8.1.
    const table = buildSeasonTable({ slug: '2030-31', label: '2030/31' }, [
      report(1, { 1: 8.1, 2: 6.6 }, null),
      report(2, { 1: 8.2, 2: 6.7 }, null),
    ]);
    expect(table.players.map((r) => [r.player.id, r.averageRating])).toEqual([
      [1, 8.2],
      [2, 6.7],
    ]);
    // Every pair of one-decimal averages from 1.0 to 10.0 rounds its half-tenths up.
    const wrong: string[] = [];
    for (let a = 10; a <= 100; a += 1)
      for (let b = a; b <= 100; b += 1) {
        const expected = Math.floor((a + b + 1) / 2) / 10;
        const got = meanOfTenths([a / 10, b / 10]);
        if (got !== expected) wrong.push(`${a / 10}+${b / 10}: ${got}`);
      }
    expect(wrong).toEqual([]);
    expect(meanOfTenths([7.3, 7.3, 7.4])).toBe(7.3);
    expect(meanOfTenths([9.9])).toBe(9.9);
  });

  it('needs a third of the matches to rank a player', () => {
    const reports = [1, 2, 3, 4, 5, 6].map((id) => report(id, id === 1 ? { 1: 7, 9: 10 } : { 1: 7 }, null));
    const table = buildSeasonTable({ slug: '2030-31', label: '2030/31' }, reports);
    expect(table.minimumMatches).toBe(2);
    expect(table.players.map((r) => [r.player.id, r.rank])).toEqual([
      [1, 1],
      [9, null],
    ]);
  });
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

describe('seasons and player pages, for everyone', () => {
  it('lists the seasons with ended matches, serves their table and each player’s page', async () => {
    const anyone = client(t);
    expect(await anyone.get<SeasonSummary[]>('/api/seasons')).toMatchObject({ status: 200, body: [] });
    const live = await setupLiveMatch(t, { opponent: 'Everton' });
    const star = live.starters[0] as Player;
    await voteAll(await createFan(t), live, (p) => (p.id === star.id ? 9 : 6), star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { scheduledDate: '2030-09-14' });
    // Live: nothing in a season yet.
    expect((await anyone.get<SeasonSummary[]>('/api/seasons')).body).toEqual([]);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });

    expect((await anyone.get<SeasonSummary[]>('/api/seasons')).body).toEqual([
      { slug: '2030-31', label: '2030/31', matches: 1 },
    ]);
    const table = (await anyone.get<SeasonTable>('/api/seasons/2030-31/players')).body;
    expect(table.players[0]).toMatchObject({
      player: { id: star.id },
      rank: 1,
      averageRating: 9,
      motmAwards: 1,
    });
    expect((await anyone.get('/api/seasons/2029-30/players')).status).toBe(404);
    expect((await anyone.get('/api/seasons/2030%2F31/players')).status).toBe(400);

    const profile = (await anyone.get<PlayerProfile>(`/api/players/${star.id}/profile`)).body;
    expect(profile).toMatchObject({
      player: { id: star.id, name: star.name },
      season: { slug: '2030-31', label: '2030/31' },
      figures: { averageRating: 9, matchesRated: 1 },
    });
    expect(profile.matches).toEqual([
      expect.objectContaining({ matchId: live.match.id, opponent: 'Everton', averageRating: 9, motm: true }),
    ]);
    expect((await anyone.get('/api/players/999999/profile')).status).toBe(404);

    // Moved to another season's date, the match leaves the first season's table for the other's.
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { scheduledDate: '2031-09-14' });
    expect((await anyone.get<SeasonSummary[]>('/api/seasons')).body.map((s) => s.slug)).toEqual(['2031-32']);
  });
});

describe('a fan’s own history', () => {
  it('puts each of the fan’s ratings beside the crowd’s, counts MOTM agreement, and is theirs (or an admin’s) alone', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Leeds' });
    const [star, second] = live.starters as [Player, Player];
    const me = await createFan(t);
    const other = await createFan(t);
    // Me: the star 10, others 6, MOTM the second. The other fan: the star 4, others 6, MOTM the star.
    await voteAll(me, live, (p) => (p.id === star.id ? 10 : 6), second);
    await voteAll(other, live, (p) => (p.id === star.id ? 4 : 6), star);
    // A third fan settles MOTM on the star.
    await voteAll(await createFan(t), live, 6, star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });

    const history = (await me.api.get<UserHistory>(`/api/users/${me.user.id}/history`)).body;
    const match = history.matches.find((m) => m.matchId === live.match.id);
    expect(match?.ratings.find((r) => r.playerId === star.id)).toMatchObject({
      myRating: 10,
      crowdAverage: 6.7,
      difference: 3.3,
    });
    // Listed in the crowd's order, best first: the star (6.7) before the rest (6.0).
    expect(match?.ratings[0]?.playerId).toBe(star.id);
    const crowdOrder = match?.ratings.map((r) => r.crowdAverage) ?? [];
    expect(crowdOrder).toEqual([...crowdOrder].sort((a, b) => b - a));
    expect(match).toMatchObject({ myMotm: { id: second.id }, crowdMotm: { id: star.id }, agreed: false });
    expect(history.biggestDifferences[0]).toMatchObject({
      playerId: star.id,
      difference: 3.3,
      opponent: 'Leeds',
    });
    expect(history).toMatchObject({ motmPicks: 1, motmAgreed: 0 });

    // Another fan may not read it; an admin may; nobody signed out may.
    expect((await other.api.get(`/api/users/${me.user.id}/history`)).status).toBe(403);
    expect((await live.admin.api.get(`/api/users/${me.user.id}/history`)).status).toBe(200);
    expect((await client(t).get(`/api/users/${me.user.id}/history`)).status).toBe(401);
  });
});
