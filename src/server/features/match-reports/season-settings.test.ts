import type { MatchReport, MatchSummaryPage } from '@shared/match-reports';
import type { Player } from '@shared/players';
import type { PlayerProfile, SeasonSummary, SeasonTable } from '@shared/seasons';
import { type SavedSeasonSettings, SEASON_SETTINGS_ERRORS, seasonSpan } from '@shared/seasons-admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createFan, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { rows } from '../../db/client';

const URL = '/api/admin/season-settings';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createFan>>;
let fan: Awaited<ReturnType<typeof createFan>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await createFan(t, { isAdmin: true });
  fan = await createFan(t);
});
afterAll(() => t?.close());

describe('who may read and set the season start month', () => {
  it('answers 401 to anyone signed out and 403 to a fan, even with a malformed body', async () => {
    for (const body of [{ startMonth: 6 }, { startMonth: 'x' }]) {
      expect(await client(t).put(URL, body)).toEqual({
        status: 401,
        body: { message: 'Not authenticated', code: expect.any(String) },
      });
      expect(await fan.api.put(URL, body)).toEqual({
        status: 403,
        body: { message: 'Admin access required', code: expect.any(String) },
      });
    }
    expect((await client(t).get(URL)).status).toBe(401);
    expect((await fan.api.get(URL)).status).toBe(403);
    // Nothing changed: still August.
    expect(await admin.api.get(URL)).toEqual({ status: 200, body: { startMonth: 8 } });
  });

  it.each([0, 13, 'x', 6.5, -1, '6', null])('refuses %j as a month with 400', async (startMonth) => {
    expect(await admin.api.put(URL, { startMonth })).toEqual({
      status: 400,
      body: SEASON_SETTINGS_ERRORS.month,
    });
    expect((await admin.api.get(URL)).body).toEqual({ startMonth: 8 });
  });

  it('refuses a body without a month', async () => {
    expect((await admin.api.put(URL, {})).status).toBe(400);
  });
});

describe('changing the season start month', () => {
  it('regroups every kept match into its season at once: seasons, tables, reports and player pages', async () => {
    const anyone = client(t);
    // A match on 15 June 2026: the end of 2025/26 while seasons start in August.
    const live = await setupLiveMatch(t, { opponent: 'Fulham' });
    const star = live.starters[0] as Player;
    await voteAll(await createFan(t), live, (p) => (p.id === star.id ? 9 : 6), star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { scheduledDate: '2026-06-15' });
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });
    expect((await anyone.get<SeasonSummary[]>('/api/seasons')).body).toEqual([
      { slug: '2025-26', label: '2025/26', matches: 1 },
    ]);

    const saved = await admin.api.put<SavedSeasonSettings>(URL, { startMonth: 6 });
    expect(saved).toEqual({ status: 200, body: { startMonth: 6, matches: 1, seasons: 1 } });
    expect((await admin.api.get(URL)).body).toEqual({ startMonth: 6 });

    // June starts the season now: the same match opens 2026/27, and 2025/26 is gone.
    expect((await anyone.get<SeasonSummary[]>('/api/seasons')).body).toEqual([
      { slug: '2026-27', label: '2026/27', matches: 1 },
    ]);
    expect((await anyone.get('/api/seasons/2025-26/players')).status).toBe(404);
    const table = (await anyone.get<SeasonTable>('/api/seasons/2026-27/players')).body;
    expect(table.season).toEqual({ slug: '2026-27', label: '2026/27' });
    expect(table.players[0]).toMatchObject({ player: { id: star.id }, rank: 1, averageRating: 9 });
    expect((await anyone.get<MatchReport>(`/api/matches/${live.match.id}/report`)).body.season).toBe(
      '2026/27',
    );
    const list = (await anyone.get<MatchSummaryPage>('/api/match-reports')).body;
    expect(list.items.find((m) => m.id === live.match.id)?.season).toBe('2026/27');
    expect((await anyone.get<PlayerProfile>(`/api/players/${star.id}/profile`)).body).toMatchObject({
      season: { slug: '2026-27', label: '2026/27' },
      figures: { averageRating: 9, matchesRated: 1 },
    });
    const [kept] = await rows<{ season: string }>(
      t.db,
      sql`select season from match_reports where match_id = ${live.match.id}`,
    );
    expect(kept?.season).toBe('2026-27');

    // A match that ends now is kept in its season under June too: 20 May 2026 is the end of 2025/26.
    const next = await setupLiveMatch(t, { opponent: 'Brentford' });
    await voteAll(await createFan(t), next, 7, star);
    await next.admin.api.patch(`/api/matches/${next.match.id}`, { scheduledDate: '2026-05-20' });
    await next.admin.api.patch(`/api/matches/${next.match.id}`, { isLive: false });
    expect((await anyone.get<SeasonSummary[]>('/api/seasons')).body).toEqual([
      { slug: '2026-27', label: '2026/27', matches: 1 },
      { slug: '2025-26', label: '2025/26', matches: 1 },
    ]);

    // Back to August: both matches are 2025/26 again, in one table.
    expect((await admin.api.put<SavedSeasonSettings>(URL, { startMonth: 8 })).body).toEqual({
      startMonth: 8,
      matches: 2,
      seasons: 1,
    });
    expect((await anyone.get<SeasonSummary[]>('/api/seasons')).body).toEqual([
      { slug: '2025-26', label: '2025/26', matches: 2 },
    ]);
    const august = (await anyone.get<SeasonTable>('/api/seasons/2025-26/players')).body;
    expect(august.players.find((r) => r.player.id === star.id)).toMatchObject({
      matchesRated: 2,
      averageRating: 8,
      motmAwards: 2,
    });
  });

  it('says in words which months a season runs', () => {
    expect(seasonSpan(8)).toBe('Seasons run from August to July.');
    expect(seasonSpan(1)).toBe('Seasons run from January to December.');
    expect(seasonSpan(6)).toBe('Seasons run from June to May.');
  });
});
