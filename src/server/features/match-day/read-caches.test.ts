import type { Match } from '@shared/matches';
import type { Player } from '@shared/players';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFan, type LiveMatch, rateAll, setupLiveMatch } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { matches, players } from '../../db/schema';

// The reads every fan makes are answered from memory: these check that no answer outlives its data.
describe('cached reads', () => {
  let t: TestContext;
  let other: TestContext;
  let live: LiveMatch;
  beforeAll(async () => {
    t = await createTestContext();
    other = await createTestContext({ database: t.database });
    live = await setupLiveMatch(t);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('a fan sees the results right after their own final vote, never a cached refusal', async () => {
    const fan = await createFan(t);
    await rateAll(fan.api, fan.user.id, live, 6);
    const board = `/api/leaderboard/match/${live.match.id}`;
    expect((await fan.api.get(board)).status).toBe(403);
    const vote = await fan.api.post('/api/user-votes', {
      userId: fan.user.id,
      matchId: live.match.id,
      motmPlayerId: live.starters[0]?.id,
    });
    expect(vote.status).toBe(201);
    const answer = await t.app.inject({ method: 'GET', url: board, headers: { cookie: fan.cookie } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    // The schema's fields only, encoded once: the same bytes as the schema would give.
    const entries = answer.json() as Array<Record<string, unknown>>;
    expect(entries.length).toBeGreaterThan(0);
    expect(Object.keys(entries[0] ?? {}).sort()).toEqual(
      [...Object.keys(live.starters[0] ?? {}), 'averageRating', 'ratingCount'].sort(),
    );
  });

  it('the squad published by the admin is in the next read of the available players, on every instance', async () => {
    const fan = await createFan(t);
    const onOther = await createFan(other);
    const available = async (api = fan.api) =>
      (await api.get<Player[]>('/api/players/available-for-rating')).body.map((p) => p.id).sort();
    const before = live.available.map((p) => p.id).sort();
    expect(await available()).toEqual(before);
    expect(await available(onOther.api)).toEqual(before);
    const fewer = live.available.slice(1).map((p) => p.id);
    expect((await live.admin.api.post('/api/admin/available-for-rating', { playerIds: fewer })).status).toBe(
      200,
    );
    expect(await available()).toEqual([...fewer].sort());
    await expect.poll(() => available(onOther.api)).toEqual([...fewer].sort());
    // A write from outside the app (an operator, a script) reaches the caches too.
    const first = live.available[0] as Player;
    await t.db.update(players).set({ isAvailableForRating: true }).where(eq(players.id, first.id));
    await expect.poll(() => available()).toEqual(before);
  });

  it('a match changed anywhere is seen by the current match and the results calls', async () => {
    const fan = await createFan(t);
    const current = async () => (await fan.api.get<Match>('/api/matches/current')).body;
    expect((await current()).homeScore).toBe(live.match.homeScore);
    const scored = await live.admin.api.patch<Match>(`/api/matches/${live.match.id}`, { homeScore: 3 });
    expect(scored.status).toBe(200);
    expect((await current()).homeScore).toBe(3);
    await other.db.update(matches).set({ homeScore: 4 }).where(eq(matches.id, live.match.id));
    await expect.poll(async () => (await current()).homeScore).toBe(4);
    // Ended elsewhere: the results open to everyone at once (results are for all once a match ends).
    const late = await createFan(t);
    expect((await late.api.get(`/api/leaderboard/match/${live.match.id}`)).status).toBe(403);
    await other.db
      .update(matches)
      .set({ isLive: false, startedAt: live.match.startedAt ? new Date(live.match.startedAt) : new Date() })
      .where(eq(matches.id, live.match.id));
    await expect
      .poll(async () => (await late.api.get(`/api/leaderboard/match/${live.match.id}`)).status)
      .toBe(200);
  });
});
