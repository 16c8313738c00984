import type { FeedStatus } from '@shared/feed';
import type { MatchReport } from '@shared/match-reports';
import type { Match } from '@shared/matches';
import type { Player } from '@shared/players';
import type { SeasonTable } from '@shared/seasons';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FootballFixtureServer,
  startFootballFixtureServer,
} from '../../../../tests/fakes/football-fixture-server';
import {
  type FootballWorld,
  LATER_FIXTURE_ID,
  matchDayWorld,
  POSTPONED_FIXTURE_ID,
  scriptTimes,
  THE_MATCH_ID,
} from '../../../../tests/fakes/football-world';
import { client, createFan } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { matches, players, ratings } from '../../db/schema';
import { backoffMs, clubDayAndTime, providerSeason } from './feed.service';
import { ProviderError } from './provider';

const KICK_OFF = new Date('2026-12-05T15:00:00Z');
const MINUTE = 60_000;

interface FeedWorld {
  t: TestContext;
  provider: FootballFixtureServer;
  world: FootballWorld;
  clock: { now: number };
  at(minute: number): Promise<void>;
  theMatch(): Promise<typeof matches.$inferSelect>;
  playerOf(providerId: number): Promise<typeof players.$inferSelect>;
}

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

/** A product pointed at the fake provider, on a clock the test moves; nobody ever signs in as admin. */
async function feedWorld(budget?: number): Promise<FeedWorld> {
  const world = matchDayWorld(KICK_OFF);
  const clock = { now: KICK_OFF.getTime() - 2 * 24 * 60 * MINUTE };
  const provider = await startFootballFixtureServer({ world, now: () => clock.now });
  const t = await createTestContext({
    env: { FOOTBALL_API_URL: provider.url, FOOTBALL_API_KEY: provider.key, FOOTBALL_TEAM_ID: '33' },
    feed: { now: () => clock.now },
  });
  open.push(async () => {
    await t.close();
    await provider.close();
  });
  if (budget !== undefined)
    await t.app.matchFeed.saveSettings({ teamId: 33, dailyBudget: budget, votingWindowMinutes: 30 });
  const fixture = world.fixtures.find((f) => f.id === THE_MATCH_ID);
  if (!fixture) throw new Error('no match in the world');
  const times = scriptTimes(fixture);
  return {
    t,
    provider,
    world,
    clock,
    async at(minute) {
      clock.now = times.at(minute);
      await t.app.matchFeed.step();
    },
    async theMatch() {
      const [row] = await t.db.select().from(matches).where(eq(matches.providerFixtureId, THE_MATCH_ID));
      if (!row) throw new Error('the match was not imported');
      return row;
    },
    async playerOf(providerId) {
      const [row] = await t.db.select().from(players).where(eq(players.apiPlayerId, providerId));
      if (!row) throw new Error(`no player ${providerId}`);
      return row;
    },
  };
}

const lineupOf = (world: FootballWorld) => {
  const lineup = world.fixtures.find((f) => f.id === THE_MATCH_ID)?.lineup;
  if (!lineup) throw new Error('no lineup');
  return lineup;
};

describe('the feed’s arithmetic', () => {
  it('names the season by its first year, states kick-off in the club’s time zone, and backs off', () => {
    expect(providerSeason(Date.parse('2026-12-05T15:00:00Z'))).toBe(2026);
    expect(providerSeason(Date.parse('2027-05-20T15:00:00Z'))).toBe(2026);
    expect(providerSeason(Date.parse('2027-07-01T00:00:00Z'))).toBe(2027);
    expect(clubDayAndTime(new Date('2026-08-16T11:30:00Z'), 'Europe/London')).toEqual({
      day: '2026-08-16',
      time: '12:30',
    });
    expect(clubDayAndTime(new Date('2026-12-05T23:30:00Z'), 'Europe/Madrid').day).toBe('2026-12-06');
    const now = Date.parse('2026-12-05T15:00:00Z');
    expect(backoffMs(new ProviderError('unavailable', 'x'), 1, now)).toBe(30_000);
    expect(backoffMs(new ProviderError('unavailable', 'x'), 3, now)).toBe(120_000);
    expect(backoffMs(new ProviderError('unavailable', 'x'), 30, now)).toBe(10 * MINUTE);
    expect(backoffMs(new ProviderError('rate-limited', 'x', 42_000), 1, now)).toBe(42_000);
    // The day's quota: the next UTC day.
    expect(now + backoffMs(new ProviderError('quota', 'x'), 1, now)).toBe(Date.parse('2026-12-06T00:01:00Z'));
  });
});

describe('a match day run by the feed alone', () => {
  it('imports the fixtures and squad, publishes the lineup, follows the match to full time, closes the vote, and keeps the report', async () => {
    const f = await feedWorld();
    const { t, world } = f;
    const anyone = client(t);

    // Two days before: the season's fixtures become matches, the squad fills an empty database.
    await f.at(-2 * 24 * 60);
    const imported = await t.db.select().from(matches).where(isNotNull(matches.providerFixtureId));
    expect(imported.map((m) => m.providerFixtureId).sort()).toEqual(
      [THE_MATCH_ID, POSTPONED_FIXTURE_ID, LATER_FIXTURE_ID].sort(),
    );
    const match = await f.theMatch();
    expect(match).toMatchObject({
      title: 'Manchester United vs Liverpool',
      opponent: 'Liverpool',
      venue: 'Old Trafford',
      tournament: 'Premier League',
      isHome: true,
      scheduledDate: '2026-12-05',
      kickOffTime: '15:00',
      isLive: false,
    });
    expect(match.kickOffAt?.toISOString()).toBe(KICK_OFF.toISOString());
    const squad = await t.db.select().from(players);
    expect(squad).toHaveLength(world.squad.length);
    expect(squad.every((p) => p.apiPlayerId !== null && !p.isAvailableForRating)).toBe(true);
    // With the provider's photos and shirt numbers.
    expect(squad.every((p) => p.image?.startsWith('/objects/'))).toBe(true);
    const numbered = world.squad.find((p) => p.number !== null);
    expect(squad.find((p) => p.apiPlayerId === numbered?.id)?.jerseyNumber).toBe(numbered?.number);
    const away = (
      await t.db.select().from(matches).where(eq(matches.providerFixtureId, POSTPONED_FIXTURE_ID))
    )[0];
    expect(away?.title).toBe('Arsenal vs Manchester United');
    expect(away?.isHome).toBe(false);
    // A season arrives at once: the match fans see is the next to kick off, not the last one made.
    const early = await createFan(t);
    expect((await early.api.get<Match>('/api/matches/current')).body).toMatchObject({
      id: match.id,
      kickOffAt: KICK_OFF.toISOString(),
      isHome: true,
      feedNote: null,
    });

    // However many syncs, one match per fixture.
    f.clock.now += 25 * 60 * MINUTE;
    await t.app.matchFeed.syncNow();
    await t.app.matchFeed.step();
    expect(await t.db.select().from(matches)).toHaveLength(3);

    // From 90 minutes before, the lineup is looked for; the provider has none until 35 minutes before.
    await f.at(-90);
    expect((await f.theMatch()).lineupPublishedAt).toBeNull();
    for (let minute = -85; minute <= -35; minute += 5) await f.at(minute);
    const published = (await f.theMatch()).lineupPublishedAt;
    expect(published).not.toBeNull();
    const lineup = lineupOf(world);
    const fan = await createFan(t);
    const available = (await fan.api.get<Player[]>('/api/players/available-for-rating')).body;
    const starters = await Promise.all(lineup.startXI.map((id) => f.playerOf(id)));
    expect(available.map((p) => p.id).sort()).toEqual(
      [...starters.map((p) => p.id), ...available.filter((p) => p.isManager).map((p) => p.id)].sort(),
    );
    expect(available.filter((p) => p.isManager)).toHaveLength(1);
    expect(available.find((p) => p.isManager)?.name).toBe(world.coach.name);
    const bench = await Promise.all(lineup.substitutes.map((id) => f.playerOf(id)));
    expect(bench.every((p) => p.isSubstitute && !p.isAvailableForRating)).toBe(true);

    // Kick-off: live, counted from the provider's kick-off.
    await f.at(1);
    let live = await f.theMatch();
    expect(live.isLive).toBe(true);
    expect(live.startedAt?.toISOString()).toBe(KICK_OFF.toISOString());
    const rate = (player: { id: number }, rating: number) =>
      fan.api.post('/api/ratings', { userId: fan.user.id, playerId: player.id, matchId: live.id, rating });
    for (const p of available) expect((await rate(p, 7)).status).toBe(200);

    await f.at(24);
    expect((await f.theMatch()).score).toBe('1-0');
    await f.at(48);
    expect((await f.theMatch()).isHalfTime).toBe(true);
    await f.at(64);
    expect((await f.theMatch()).isHalfTime).toBe(false);

    // The substitute is rateable from the minute he comes on, not before; the unused bench never.
    const zirkzee = bench.find((p) => p.name === 'Joshua Zirkzee') as (typeof bench)[number];
    expect((await rate(zirkzee, 8)).status).toBeGreaterThanOrEqual(400);
    await f.at(80);
    expect((await f.playerOf(zirkzee.apiPlayerId as number)).isAvailableForRating).toBe(true);
    expect((await rate(zirkzee, 8)).status).toBe(200);
    await f.at(89);
    expect((await f.theMatch()).score).toBe('1-1');
    await f.at(94);
    await f.at(100);
    expect((await f.theMatch()).score).toBe('2-1');
    // VAR: the goal is cancelled, the score goes back.
    await f.at(102);
    expect((await f.theMatch()).score).toBe('1-1');
    const unused = bench.filter((p) => !['Joshua Zirkzee', 'Mason Mount'].includes(p.name));
    for (const p of unused)
      expect((await f.playerOf(p.apiPlayerId as number)).isAvailableForRating).toBe(false);
    // Every event is read again at each poll: nothing happens twice.
    const before = await t.db.select().from(ratings);
    await f.at(105);
    expect((await f.theMatch()).score).toBe('1-1');
    expect(await t.db.select().from(ratings)).toHaveLength(before.length);

    // Full time: voting stays open for the window, shown to fans, then closes by itself.
    await f.at(113);
    live = await f.theMatch();
    expect(live.isLive).toBe(true);
    expect(live.fullTimeAt).not.toBeNull();
    expect(live.votingClosesAt?.getTime()).toBe(f.clock.now + 30 * MINUTE);
    const current = (await fan.api.get<Match>('/api/matches/current')).body;
    expect(current).toMatchObject({ id: live.id, votingClosesAt: live.votingClosesAt?.toISOString() });
    const mount = await f.playerOf(bench.find((p) => p.name === 'Mason Mount')?.apiPlayerId as number);
    expect((await rate(mount, 6)).status).toBe(200);
    expect((await rate(zirkzee, 9)).status).toBe(200);
    const vote = await fan.api.post('/api/user-votes', {
      userId: fan.user.id,
      matchId: live.id,
      motmPlayerId: starters[9]?.id,
    });
    expect(vote.status).toBe(201);
    expect((await anyone.get(`/api/matches/${live.id}/report`)).status).toBe(404);

    await f.at(113 + 31);
    const ended = await f.theMatch();
    expect(ended.isLive).toBe(false);
    const report = await anyone.get<MatchReport>(`/api/matches/${live.id}/report`);
    expect(report.status).toBe(200);
    expect(report.body.match.score).toBe('1-1');
    expect(report.body.raters).toBe(1);
    expect(report.body.players.find((p) => p.id === zirkzee.id)?.averageRating).toBe(9);
    expect(report.body.players.some((p) => unused.some((u) => u.id === p.id))).toBe(false);
    const table = await anyone.get<SeasonTable>('/api/seasons/2026-27/players');
    expect(table.status).toBe(200);
    expect(table.body.matches).toBe(1);
    expect(table.body.players.some((row) => row.player.id === zirkzee.id)).toBe(true);

    // A week on: the away match is postponed, then moved three days later.
    const postponed = world.fixtures.find((x) => x.id === POSTPONED_FIXTURE_ID);
    const awayTimes = scriptTimes(postponed as NonNullable<typeof postponed>);
    f.clock.now = awayTimes.at(-2880 + 60);
    await t.app.matchFeed.step();
    const [pst] = await t.db
      .select()
      .from(matches)
      .where(eq(matches.providerFixtureId, POSTPONED_FIXTURE_ID));
    expect(pst?.feedStatus).toBe('PST');
    const list = (await fan.api.get<Match[]>('/api/matches')).body;
    expect(list.find((m) => m.id === pst?.id)?.feedNote).toBe('postponed');
    f.clock.now = awayTimes.at(-2000 + 24 * 60 + 60);
    await t.app.matchFeed.step();
    const [moved] = await t.db
      .select()
      .from(matches)
      .where(eq(matches.providerFixtureId, POSTPONED_FIXTURE_ID));
    expect(moved?.feedStatus).toBe('NS');
    expect(moved?.kickOffAt?.getTime()).toBe(awayTimes.kickoff + 3 * 24 * 60 * MINUTE);
  });

  it('keeps a hand-picked lineup over the feed’s, and the admin takes over when the provider fails mid-match: nothing lost or doubled', async () => {
    const f = await feedWorld();
    const { t, provider, world } = f;
    await f.at(-2 * 24 * 60);
    // The admin publishes a squad by hand inside the lineup window: the provider's lineup does not replace it.
    const admin = await createFan(t, { isAdmin: true });
    const squad = await t.db.select().from(players);
    const chosen = squad.slice(0, 5).map((p) => p.id);
    await f.at(-60);
    expect((await admin.api.post('/api/admin/available-for-rating', { playerIds: chosen })).status).toBe(200);
    await f.at(-30);
    const rated = await t.db.select().from(players).where(eq(players.isAvailableForRating, true));
    expect(rated.map((p) => p.id).sort()).toEqual([...chosen].sort());

    await f.at(1);
    const match = await f.theMatch();
    expect(match.isLive).toBe(true);
    const fan = await createFan(t);
    for (const id of chosen)
      expect(
        (
          await fan.api.post('/api/ratings', {
            userId: fan.user.id,
            playerId: id,
            matchId: match.id,
            rating: 6,
          })
        ).status,
      ).toBe(200);
    await f.at(24);
    expect((await f.theMatch()).score).toBe('1-0');

    // The provider goes down: the feed backs off and says so; the match goes on.
    provider.down(true);
    await f.at(30);
    const status = (await admin.api.get<FeedStatus>('/api/admin/feed')).body;
    expect(status.lastError).toMatch(/503/);
    expect(Date.parse(status.nextPollAt ?? '')).toBe(f.clock.now + 30_000);
    await f.at(31);
    expect(Date.parse((await admin.api.get<FeedStatus>('/api/admin/feed')).body.nextPollAt ?? '')).toBe(
      f.clock.now + 60_000,
    );
    // The admin takes over by hand: the score, then the end.
    expect((await admin.api.patch(`/api/matches/${match.id}`, { score: '2-0' })).status).toBe(200);
    expect((await admin.api.patch(`/api/matches/${match.id}`, { isLive: false })).status).toBe(200);

    // The provider comes back, the match still going on its side: the ended match is not reopened.
    provider.down(false);
    await f.at(60);
    await f.at(120);
    const after = await f.theMatch();
    expect(after).toMatchObject({ isLive: false, score: '2-0' });
    expect(after.fullTimeAt).toBeNull();
    const kept = await t.db
      .select()
      .from(ratings)
      .where(and(eq(ratings.matchId, match.id)));
    expect(kept).toHaveLength(chosen.length);
    const report = (await client(t).get<MatchReport>(`/api/matches/${match.id}/report`)).body;
    expect(report.totalRatings).toBe(chosen.length);
    expect(world.team.id).toBe(33);
  });

  it('waits as the provider says on a 429, until the next day on the day’s quota or its own budget, and tells the admin', async () => {
    const f = await feedWorld(10);
    const { t, provider } = f;
    provider.failNext('too-many-requests');
    await f.at(-2 * 24 * 60);
    const admin = await createFan(t, { isAdmin: true });
    const first = (await admin.api.get<FeedStatus>('/api/admin/feed')).body;
    expect(first.lastError).toMatch(/429/);
    expect(Date.parse(first.nextPollAt ?? '')).toBeGreaterThan(f.clock.now);
    expect(Date.parse(first.nextPollAt ?? '')).toBeLessThanOrEqual(f.clock.now + 15 * MINUTE);

    provider.failNext('quota-errors');
    f.clock.now = Date.parse(first.nextPollAt ?? '');
    await t.app.matchFeed.step();
    const quota = (await admin.api.get<FeedStatus>('/api/admin/feed')).body;
    expect(quota.lastError).toMatch(/request limit for the day/);
    const nextDay = new Date(f.clock.now);
    expect(quota.nextPollAt).toBe(
      new Date(
        Date.UTC(nextDay.getUTCFullYear(), nextDay.getUTCMonth(), nextDay.getUTCDate() + 1, 0, 1),
      ).toISOString(),
    );

    // Its own budget: never more requests in a day than the admin allows.
    f.clock.now = Date.parse(quota.nextPollAt ?? '');
    // The photos come from the provider's media host: not requests of the day.
    const apiCalls = () => provider.requests.filter((r) => !r.path.startsWith('/photos/')).length;
    const seen = apiCalls();
    for (let i = 0; i < 20; i += 1) {
      await t.app.matchFeed.syncNow();
    }
    const spent = (await admin.api.get<FeedStatus>('/api/admin/feed')).body;
    expect(spent.requestsToday).toBe(10);
    expect(apiCalls() - seen).toBe(10);
    expect(spent.lastError).toMatch(/budget/);
    expect(spent.settings).toEqual({ teamId: 33, dailyBudget: 10, votingWindowMinutes: 30 });
  });

  it('is the admin’s to read, set and sync, and a fan’s never', async () => {
    const f = await feedWorld();
    const { t } = f;
    const fan = await createFan(t);
    const admin = await createFan(t, { isAdmin: true });
    expect((await fan.api.get('/api/admin/feed')).status).toBe(403);
    expect((await fan.api.post('/api/admin/feed/sync')).status).toBe(403);
    const status = (await admin.api.get<FeedStatus>('/api/admin/feed')).body;
    expect(status).toMatchObject({ configured: true, running: true, settings: { teamId: 33 } });
    const saved = await admin.api.put<FeedStatus>('/api/admin/feed/settings', {
      teamId: 33,
      dailyBudget: 500,
      votingWindowMinutes: 45,
    });
    expect(saved.body.settings).toEqual({ teamId: 33, dailyBudget: 500, votingWindowMinutes: 45 });
    expect(
      (
        await admin.api.put('/api/admin/feed/settings', {
          teamId: 33,
          dailyBudget: 5,
          votingWindowMinutes: 45,
        })
      ).status,
    ).toBe(400);
    const synced = await admin.api.post<FeedStatus>('/api/admin/feed/sync');
    expect(synced.status).toBe(200);
    expect(synced.body.fixturesSyncedAt).not.toBeNull();
    expect(synced.body.squadSyncedAt).not.toBeNull();
    expect(synced.body.requestsToday).toBe(2);
  });
});
