import { seasonSlug } from '@shared/domain';
import type { MatchReport, MatchSummaryPage } from '@shared/match-reports';
import type { Match } from '@shared/matches';
import type { Player, SeasonStats } from '@shared/players';
import type { PlayerProfile, SeasonSummary, SeasonTable, UserHistory } from '@shared/seasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveClient, listen, openLive } from '../../../../tests/server/live-client';
import {
  type Client,
  client,
  createFan,
  type LiveMatch,
  setupLiveMatch,
  voteAll,
} from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import type { Change } from '../../lib/change-feed';

let t: TestContext;
let base: string;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  t = await createTestContext();
  base = await listen(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const anyone = () => client(t);
const hide = (api: Client, id: number, hidden = true) =>
  api.post<Match>(`/api/admin/matches/${id}/hide`, { hidden });

/** Everything the public and the fan read of past matches, as ids: what a hidden match must leave. */
async function publicView(fan: { api: Client; user: { id: string } }, star: Player, slug: string) {
  const [list, table, profile, history, stats, current, matches] = await Promise.all([
    anyone().get<MatchSummaryPage>('/api/match-reports'),
    anyone().get<SeasonTable>(`/api/seasons/${slug}/players`),
    anyone().get<PlayerProfile>(`/api/players/${star.id}/profile`),
    fan.api.get<UserHistory>(`/api/users/${fan.user.id}/history`),
    fan.api.get<SeasonStats>(`/api/players/${star.id}/season-stats`),
    fan.api.get<Match>('/api/matches/current'),
    fan.api.get<Match[]>('/api/matches'),
  ]);
  const starRow = table.body.players.find((row) => row.player.id === star.id);
  return {
    pastMatches: list.body.items.map((m) => m.id),
    pastMatchesTotal: list.body.total,
    seasonMatches: table.body.matches,
    starMatchesRated: starRow?.matchesRated,
    starAverage: starRow?.averageRating,
    playerPage: profile.body.matches.map((m) => m.matchId),
    myRatings: history.body.matches.map((m) => m.matchId),
    recentForm: stats.body.recentForm.map((m) => m.matchId),
    current: current.body.id,
    matchList: matches.body.map((m) => m.id),
  };
}

describe('an admin hides an ended match from the public history', () => {
  let fan: Awaited<ReturnType<typeof createFan>>;
  let earlier: LiveMatch;
  let aborted: LiveMatch;
  let star: Player;
  let slug: string;

  beforeAll(async () => {
    fan = await createFan(t);
    // An ended match, then a later one the same fan rated (the aborted one the admin will hide).
    earlier = await setupLiveMatch(t, { opponent: 'Burnley' });
    star = earlier.starters[0] as Player;
    await voteAll(fan, earlier, (p) => (p.id === star.id ? 8 : 6), star);
    await earlier.admin.api.patch(`/api/matches/${earlier.match.id}`, { isLive: false });
    aborted = await setupLiveMatch(t, { opponent: 'Wolves' });
    await voteAll(fan, aborted, (p) => (p.id === star.id ? 2 : 6), star);
    await aborted.admin.api.patch(`/api/matches/${aborted.match.id}`, { isLive: false, score: '0-0' });
    const report = await anyone().get<MatchReport>(`/api/matches/${aborted.match.id}/report`);
    expect(report.status).toBe(200);
    slug = seasonSlug(report.body.season);
  });

  it('is refused to fans (403) and to the signed-out (401), who change nothing', async () => {
    const other = await createFan(t);
    const refused = await hide(other.api, aborted.match.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Admin access required', code: 'request.adminOnly' });
    expect((await hide(anyone(), aborted.match.id)).status).toBe(401);
    expect((await anyone().get(`/api/matches/${aborted.match.id}/report`)).status).toBe(200);
  });

  it('takes it out of every public reader, declares what it changed, and showing it puts it all back', async () => {
    const before = await publicView(fan, star, slug);
    expect(before.pastMatches).toEqual(expect.arrayContaining([aborted.match.id, earlier.match.id]));
    expect(before.seasonMatches).toBe(2);
    expect(before).toMatchObject({ starMatchesRated: 2, starAverage: 5 });
    expect(before.playerPage).toEqual([earlier.match.id, aborted.match.id]);
    expect(before.myRatings).toEqual([aborted.match.id, earlier.match.id]);
    expect(before.recentForm).toEqual([aborted.match.id, earlier.match.id]);
    expect(before.current).toBe(aborted.match.id);
    expect(before.matchList).toContain(aborted.match.id);
    const share = await t.app.inject({ method: 'GET', url: `/share/match/${aborted.match.id}` });
    expect(share.statusCode).toBe(200);

    // What the write says it changed reaches this instance's caches before the answer leaves, and the
    // fans' pages hear it as a change of its own kind, which they re-read the current match on, silently.
    const socket = await openLive(base, { cookie: fan.cookie });
    sockets.push(socket);
    await socket.next('connection_established');
    const heard: Change[] = [];
    const stop = t.app.changeFeed.subscribe((change) => {
      heard.push(change);
    });
    const hidden = await hide(aborted.admin.api, aborted.match.id);
    stop();
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ id: aborted.match.id, status: 'Match Ended' });
    expect(hidden.body.hiddenAt).toEqual(expect.any(String));
    expect(heard).toEqual(
      expect.arrayContaining([{ kind: 'match', matchId: aborted.match.id }, { kind: 'reports' }]),
    );
    const told = await socket.next('match_update', (m) => m.data.matchId === aborted.match.id);
    expect(told.data.change).toEqual({ kind: 'hidden', score: '0-0' });

    // Read at once: the public answers kept in memory by the reads above are not served.
    const after = await publicView(fan, star, slug);
    expect(after.pastMatches).not.toContain(aborted.match.id);
    expect(after.pastMatches).toContain(earlier.match.id);
    expect(after.pastMatchesTotal).toBe(before.pastMatchesTotal - 1);
    expect(after).toMatchObject({ seasonMatches: 1, starMatchesRated: 1, starAverage: 8 });
    expect(after.playerPage).toEqual([earlier.match.id]);
    expect(after.myRatings).toEqual([earlier.match.id]);
    expect(after.recentForm).toEqual([earlier.match.id]);
    expect(after.current).toBe(earlier.match.id);
    expect(after.matchList).not.toContain(aborted.match.id);
    for (const url of [
      `/api/matches/${aborted.match.id}/report`,
      `/share/match/${aborted.match.id}`,
      `/share/match/${aborted.match.id}.png`,
      `/api/matches/${aborted.match.id}/my-ratings.png`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: fan.cookie } });
      expect(res.statusCode, url).toBe(404);
    }
    // As a match that never was: the same answer as an id nobody used.
    expect((await anyone().get(`/api/matches/${aborted.match.id}/report`)).body).toEqual(
      (await anyone().get('/api/matches/2147483647/report')).body,
    );

    // The admins still list it, marked, to show it again.
    const listed = (await aborted.admin.api.get<Match[]>('/api/matches')).body;
    expect(listed.find((m) => m.id === aborted.match.id)?.hiddenAt).toBe(hidden.body.hiddenAt);
    expect(listed.find((m) => m.id === earlier.match.id)?.hiddenAt).toBeNull();
    // Hidden again, it keeps when it was first hidden.
    expect((await hide(aborted.admin.api, aborted.match.id)).body.hiddenAt).toBe(hidden.body.hiddenAt);

    const shown = await hide(aborted.admin.api, aborted.match.id, false);
    expect(shown.status).toBe(200);
    expect(shown.body.hiddenAt).toBeNull();
    const toldAgain = await socket.next(
      'match_update',
      (m) => m.data.matchId === aborted.match.id && m.data.change?.kind === 'shown',
    );
    expect(toldAgain.data.change).toEqual({ kind: 'shown', score: '0-0' });
    expect(await publicView(fan, star, slug)).toEqual(before);
    expect((await anyone().get(`/api/matches/${aborted.match.id}/report`)).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/share/match/${aborted.match.id}` })).statusCode).toBe(
      200,
    );
  });

  it('refuses a live match and one not played yet, and shows a hidden match again when it goes live', async () => {
    await hide(aborted.admin.api, aborted.match.id);
    const live = await setupLiveMatch(t, { opponent: 'Fulham' });
    const refused = await hide(live.admin.api, live.match.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'A live match cannot be hidden from the history: end it first',
      code: 'match.hideLive',
    });
    const notPlayed = (await live.admin.api.post<Match>('/api/matches', { opponent: 'Brentford' })).body;
    expect((await hide(live.admin.api, notPlayed.id)).body).toMatchObject({ code: 'match.hideNotEnded' });
    expect((await hide(live.admin.api, 2147483647)).status).toBe(404);
    const listed = (await live.admin.api.get<Match[]>('/api/matches')).body;
    expect(listed.find((m) => m.id === live.match.id)?.hiddenAt).toBeNull();
    expect(listed.find((m) => m.id === notPlayed.id)?.hiddenAt).toBeNull();
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });

    // Reopened, fans rate it again: it cannot stay out of their history.
    const reopened = await live.admin.api.patch<Match>(`/api/matches/${aborted.match.id}`, { isLive: true });
    expect(reopened.body).toMatchObject({ isLive: true, hiddenAt: null });
    expect((await fan.api.get<Match>('/api/matches/current')).body.id).toBe(aborted.match.id);
    await live.admin.api.patch(`/api/matches/${aborted.match.id}`, { isLive: false });
    expect((await anyone().get(`/api/matches/${aborted.match.id}/report`)).status).toBe(200);
    const seasons = (await anyone().get<SeasonSummary[]>('/api/seasons')).body;
    // Burnley, Fulham (ended before the reopening) and Wolves again.
    expect(seasons.find((s) => s.slug === slug)?.matches).toBe(3);
  });

  it('drops a season whose only ended match is hidden, and brings it back when shown', async () => {
    const admin = await createFan(t, { isAdmin: true });
    const made = (
      await admin.api.post<Match>('/api/matches', { opponent: 'Old Season FC', scheduledDate: '2031-09-01' })
    ).body;
    await admin.api.patch(`/api/matches/${made.id}`, { isLive: true });
    await admin.api.patch(`/api/matches/${made.id}`, { isLive: false });
    const slugs = async () => (await anyone().get<SeasonSummary[]>('/api/seasons')).body.map((s) => s.slug);
    expect(await slugs()).toContain('2031-32');
    expect((await hide(admin.api, made.id)).status).toBe(200);
    expect(await slugs()).not.toContain('2031-32');
    expect((await anyone().get('/api/seasons/2031-32/players')).status).toBe(404);
    expect((await hide(admin.api, made.id, false)).status).toBe(200);
    expect(await slugs()).toContain('2031-32');
  });
});
