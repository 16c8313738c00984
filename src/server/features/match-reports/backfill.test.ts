import type { Player } from '@shared/players';
import type { SeasonSummary, SeasonTable } from '@shared/seasons';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createFan, setupLiveMatch, voteAll } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

describe('matches that ended before reports were kept', () => {
  it('are in the seasons and their table whichever public page is read first', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Wolves' });
    const star = live.starters[0] as Player;
    await voteAll(await createFan(t), live, (p) => (p.id === star.id ? 9 : 6), star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });
    // As a club upgrading finds its past: ended matches, no report and no table kept.
    await t.db.execute(sql`delete from season_tables`);
    await t.db.execute(sql`delete from match_reports`);

    // The first read is the seasons (not the matches list): the past is there all the same.
    const seasons = (await client(t).get<SeasonSummary[]>('/api/seasons')).body;
    expect(seasons).toHaveLength(1);
    const table = (await client(t).get<SeasonTable>(`/api/seasons/${seasons[0]?.slug}/players`)).body;
    expect(table.matches).toBe(1);
    expect(table.players[0]).toMatchObject({ player: { id: star.id }, averageRating: 9, rank: 1 });
  });
});
