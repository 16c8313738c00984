import { MATCH_REPORTS_PAGE_SIZE, type MatchReport, type MatchSummaryPage } from '@shared/match-reports';
import type { Player } from '@shared/players';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createFan, rateAll, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { matchReports } from '../../db/schema';
import type { Change } from '../../lib/change-feed';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

const anyone = () => client(t);

describe('the report of an ended match', () => {
  it('is 404 until the match has ended, then public: averages, distributions, MOTM share and completion, naming no fan', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Chelsea' });
    const [star, second] = live.starters as [Player, Player];
    const fans = await Promise.all([createFan(t), createFan(t), createFan(t)]);
    // Two fans vote (the star 9 and 8, everyone else 6); the third only rates, so 2 of 3 completed.
    await voteAll(fans[0] as never, live, (p) => (p.id === star.id ? 9 : 6), star);
    await voteAll(fans[1] as never, live, (p) => (p.id === star.id ? 8 : 6), second);
    await rateAll(fans[2]?.api as never, fans[2]?.user.id as string, live, 5);

    expect((await anyone().get(`/api/matches/${live.match.id}/report`)).status).toBe(404);
    const created = await live.admin.api.post<{ id: number }>('/api/matches', { opponent: 'Not Started FC' });
    expect((await anyone().get(`/api/matches/${created.body.id}/report`)).status).toBe(404);
    expect((await anyone().get('/api/matches/999999/report')).status).toBe(404);

    expect(
      (await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false, score: '2-1' })).status,
    ).toBe(200);
    const answer = await anyone().get<MatchReport>(`/api/matches/${live.match.id}/report`);
    expect(answer.status).toBe(200);
    const report = answer.body;
    expect(report.match).toMatchObject({ id: live.match.id, opponent: 'Chelsea', score: '2-1' });
    expect(report.players).toHaveLength(live.available.length);
    expect(report.players[0]).toMatchObject({ id: star.id, averageRating: 7.3, ratingCount: 3 });
    expect(report.players[0]?.counts).toEqual([0, 0, 0, 0, 1, 0, 0, 1, 1, 0]);
    // Level on 1-1 votes: one named, the other tied with it, each with half.
    expect(report.motm?.percentage).toBe(50);
    expect([report.motm?.player.id, ...(report.motm?.tiedWith.map((p) => p.id) ?? [])].sort()).toEqual(
      [star.id, second.id].sort(),
    );
    expect(report).toMatchObject({ totalVotes: 2, raters: 3, completion: 66.7 });
    expect(report.totalRatings).toBe(3 * live.available.length);
    // Figures only: no fan's id, e-mail or name anywhere in it, nor the admin-only vote counts.
    const text = JSON.stringify(report);
    for (const fan of fans) {
      expect(text).not.toContain(fan.user.id);
      expect(text).not.toContain(fan.user.email);
    }
    expect(text).not.toContain('voteCount');
  });

  it('keeps the match as it was when the squad changes later, follows a correction, and hides a reopened match', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Spurs' });
    const star = live.starters[0] as Player;
    await voteAll(await createFan(t), live, 7, star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });

    // The star leaves the published squad and is renamed: the report still names them as they played.
    await live.admin.api.post('/api/admin/available-for-rating', { playerIds: [] });
    expect(
      (
        await live.admin.api.put(`/api/admin/players/${star.id}`, {
          name: 'Renamed Later',
          position: star.position,
          jerseyNumber: star.jerseyNumber,
        })
      ).status,
    ).toBe(200);
    const kept = (await anyone().get<MatchReport>(`/api/matches/${live.match.id}/report`)).body;
    expect(kept.players.find((p) => p.id === star.id)?.name).toBe(star.name);

    // A correction to the ended match's score is the report's too.
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { score: '3-0' });
    expect((await anyone().get<MatchReport>(`/api/matches/${live.match.id}/report`)).body.match.score).toBe(
      '3-0',
    );

    // Reopened, it is live again: results follow the live rules, so no public report.
    await live.admin.api.post('/api/admin/available-for-rating', {
      playerIds: live.available.map((p) => p.id),
    });
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: true });
    expect((await anyone().get(`/api/matches/${live.match.id}/report`)).status).toBe(404);
    const list = (await anyone().get<MatchSummaryPage>('/api/match-reports')).body;
    expect(list.items.map((m) => m.id)).not.toContain(live.match.id);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });
  });
});

describe('the public answers on every instance', () => {
  it("forget a report as soon as any instance rewrites it: the database's notice, not the answers' age", async () => {
    const live = await setupLiveMatch(t, { opponent: 'Everton' });
    await voteAll(await createFan(t), live, 7, live.starters[0] as Player);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false, score: '1-0' });
    const url = `/api/matches/${live.match.id}/report`;
    expect((await anyone().get<MatchReport>(url)).body.match.score).toBe('1-0');

    // Another instance corrects the score: this one learns of it only through the database.
    const noticed = new Promise<Change>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no reports notice within 3 s')), 3_000);
      const stop = t.app.changeFeed.subscribe((change) => {
        if (change.kind !== 'reports') return;
        clearTimeout(timer);
        stop();
        resolve(change);
      });
    });
    await t.db
      .update(matchReports)
      .set({ report: sql`jsonb_set(${matchReports.report}, '{match,score}', '"3-0"')` })
      .where(eq(matchReports.matchId, live.match.id));
    await noticed;
    // Well inside the answers' 5 s: the next reader gets the new figures.
    expect((await anyone().get<MatchReport>(url)).body.match.score).toBe('3-0');
  });
});

describe('the past matches list', () => {
  it('lists ended matches newest first, a page at a time, with score, MOTM and the best-rated player', async () => {
    const admin = await createFan(t, { isAdmin: true });
    // Enough ended matches (played on consecutive days) to fill more than one page.
    const ids: number[] = [];
    for (let day = 1; day <= MATCH_REPORTS_PAGE_SIZE + 1; day++) {
      const made = await admin.api.post<{ id: number }>('/api/matches', {
        opponent: `Opponent ${day}`,
        scheduledDate: `2031-09-${String(day).padStart(2, '0')}`,
      });
      await admin.api.patch(`/api/matches/${made.body.id}`, { isLive: true });
      await admin.api.patch(`/api/matches/${made.body.id}`, { isLive: false });
      ids.push(made.body.id);
    }
    const first = (await anyone().get<MatchSummaryPage>('/api/match-reports')).body;
    expect(first.items).toHaveLength(MATCH_REPORTS_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({
      id: ids.at(-1),
      opponent: `Opponent ${ids.length}`,
      season: '2031/32',
    });
    expect(first.nextPage).toBe(2);
    const second = (await anyone().get<MatchSummaryPage>('/api/match-reports?page=2')).body;
    expect(second.items.map((m) => m.id)).toContain(ids[0]);
    expect(second.total).toBe(first.total);
    // An ended match with ratings names its MOTM and best-rated player.
    const rated = [...first.items, ...second.items].find((m) => m.opponent === 'Chelsea');
    expect(rated?.topRated?.averageRating).toBe(7.3);
    expect(rated?.motm?.percentage).toBe(50);
    for (const page of ['0', '-1', 'x', '1001']) {
      expect((await anyone().get(`/api/match-reports?page=${page}`)).status, page).toBe(400);
    }
  });
});
