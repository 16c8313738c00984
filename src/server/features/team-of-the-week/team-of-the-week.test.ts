import { DEFAULT_CLUB_COLOURS } from '@shared/club-colours';
import { LOCALES } from '@shared/i18n/locales';
import type { MatchReport } from '@shared/match-reports';
import type { Player } from '@shared/players';
import { type Team, teamSeasonCardPath, teamTitleKind, teamWeekCardPath } from '@shared/team-of-the-week';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createFan,
  reportedMatch,
  setupLiveMatch,
  voteAll,
} from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { matches, matchReports } from '../../db/schema';
import { publicAnswers } from '../match-reports/public-answers';
import { cardText } from '../match-reports/share.service';
import { teamCardSvg } from './team-card.service';
import { type Candidate, candidatesOf, FORMATIONS, pickTeam, weekOf } from './team-of-the-week.service';

interface Rated {
  id: number;
  position: string;
  average: number;
  ratings?: number;
  jersey?: number | null;
  name?: string;
  manager?: boolean;
}

/** A kept report of a match on `playedOn` with these players' averages. */
function report(id: number, playedOn: string, rated: readonly Rated[], season = '2030/31'): MatchReport {
  return {
    match: reportedMatch(id, playedOn),
    season,
    players: rated.map((r) => ({
      id: r.id,
      name: r.name ?? `Player ${r.id}`,
      position: r.position,
      jerseyNumber: r.jersey === undefined ? r.id : r.jersey,
      isManager: r.manager ?? false,
      isSubstitute: false,
      image: null,
      averageRating: r.average,
      ratingCount: r.ratings ?? 2,
      counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    })),
    motm: null,
    totalRatings: 2 * rated.length,
    totalVotes: 1,
    raters: 2,
    heldBack: 0,
    completion: 50,
    ground: null,
    computedAt: new Date().toISOString(),
  };
}

/** A full squad: one keeper, `d`/`m`/`f` outfield players at the given averages, and a manager. */
function squad(lines: { gk?: number[]; d: number[]; m: number[]; f: number[] }): Rated[] {
  let id = 0;
  const at = (position: string) => (average: number) => ({ id: ++id, position, average });
  return [
    ...(lines.gk ?? [7]).map(at('Goalkeeper')),
    ...lines.d.map(at('Centre-Back')),
    ...lines.m.map(at('Central Midfield')),
    ...lines.f.map(at('Striker')),
    { id: 99, position: 'Manager', average: 6.5, manager: true },
  ];
}

const pickOf = (reports: MatchReport[], minimum = 1) => pickTeam(candidatesOf(reports), minimum);

describe('the rule', () => {
  it('lists every formation of one keeper and ten outfield players within the lines’ limits', () => {
    expect(FORMATIONS.map((f) => f.join('-'))).toEqual([
      '4-3-3',
      '4-4-2',
      '3-5-2',
      '3-4-3',
      '4-5-1',
      '5-3-2',
      '5-4-1',
      '5-2-3',
    ]);
  });

  it('picks the formation whose XI has the highest total of averages', () => {
    const picked = pickOf([
      report(1, '2030-09-01', squad({ d: [9, 9, 9, 9, 9, 5], m: [8, 8, 8, 8, 8], f: [7, 7, 7] })),
    ]);
    // Five defenders at 9 beat a fifth midfielder or a second forward: 5-4-1 totals 7 + 45 + 32 + 7.
    expect(picked.formation).toBe('5-4-1');
    expect(picked.players).toHaveLength(11);
    expect(picked.players.map((p) => p.line)).toEqual([
      'goalkeeper',
      ...Array(5).fill('defender'),
      ...Array(4).fill('midfielder'),
      'forward',
    ]);
    expect(picked.manager).toMatchObject({ id: 99, averageRating: 6.5 });

    const attacking = pickOf([
      report(2, '2030-09-02', squad({ d: [6, 6, 6, 6, 6], m: [7, 7, 7, 7, 7], f: [9, 9, 9] })),
    ]);
    // Three forwards at 9 and four midfielders at 7 leave three places for defenders: 3-4-3.
    expect(attacking.formation).toBe('3-4-3');
  });

  it('settles equal totals by the order of the formations, 4-3-3 first', () => {
    const picked = pickOf([
      report(1, '2030-09-01', squad({ d: [7, 7, 7, 7, 7], m: [7, 7, 7, 7, 7], f: [7, 7, 7] })),
    ]);
    expect(picked.formation).toBe('4-3-3');
  });

  it('breaks equal averages by more matches, then more ratings, then the lower shirt number, then the name', () => {
    const keepers = (rated: Rated[]) => pickOf([report(1, '2030-09-01', rated)]).players[0]?.id;
    const gk = (id: number, extra: Partial<Rated> = {}): Rated => ({
      id,
      position: 'Goalkeeper',
      average: 8,
      ...extra,
    });
    // More ratings.
    expect(keepers([gk(1, { ratings: 3 }), gk(2, { ratings: 5 })])).toBe(2);
    // Same ratings: the lower shirt number; none comes last.
    expect(keepers([gk(1, { jersey: 13 }), gk(2, { jersey: 1 })])).toBe(2);
    expect(keepers([gk(1, { jersey: null }), gk(2, { jersey: 40 })])).toBe(2);
    // Same number (or none): the name.
    expect(keepers([gk(1, { jersey: null, name: 'Zeta' }), gk(2, { jersey: null, name: 'Alpha' })])).toBe(2);
    // More matches beats more ratings: 8 and 8 over two matches against one 8.
    const twice = pickOf([
      report(1, '2030-09-01', [gk(1, { ratings: 1 }), gk(2, { ratings: 50 })]),
      report(2, '2030-09-02', [gk(1, { ratings: 1 })]),
    ]);
    expect(twice.players[0]).toMatchObject({ id: 1, matchesRated: 2, ratingCount: 2 });
    // The shown average decides first: 8.15 (two matches 8.1, 8.2) shows 8.2 and beats an 8.1.
    const tenths = pickOf([
      report(1, '2030-09-01', [gk(1, { average: 8.1 }), gk(2, { average: 8.18 })]),
      report(2, '2030-09-02', [gk(1, { average: 8.2 })]),
    ]);
    expect(tenths.players[0]).toMatchObject({ id: 1, averageRating: 8.2 });
  });

  it('counts a player in the position played most, the latest of those level, with the minimum of matches', () => {
    const reports = [
      report(1, '2030-09-01', [
        { id: 1, position: 'Striker', average: 6 },
        { id: 2, position: 'Goalkeeper', average: 10 },
      ]),
      report(2, '2030-09-02', [{ id: 1, position: 'Left-Back', average: 6 }]),
      report(3, '2030-09-03', [{ id: 1, position: 'Left-Back', average: 6 }]),
    ];
    const [player] = candidatesOf(reports).filter((c) => c.id === 1) as [Candidate];
    expect(player).toMatchObject({ position: 'Left-Back', line: 'defender', matchesRated: 3 });
    const level = candidatesOf(reports.slice(0, 2)).find((c) => c.id === 1);
    expect(level).toMatchObject({ position: 'Left-Back' });
    // Two matches needed: the keeper's one 10 is left out.
    const picked = pickOf(reports, 2);
    expect(picked.players.map((p) => p.id)).toEqual([1]);
  });

  it('draws a line left-sided positions first, right-sided last', () => {
    const picked = pickOf([
      report(1, '2030-09-01', [
        { id: 1, position: 'Right-Back', average: 9 },
        { id: 2, position: 'Centre-Back', average: 8 },
        { id: 3, position: 'Left-Back', average: 6 },
        { id: 4, position: 'Centre-Back', average: 7 },
      ]),
    ]);
    expect(picked.players.map((p) => p.id)).toEqual([3, 2, 4, 1]);
  });

  it('fills an outfield place nobody played with the best outfield player left, never the goalkeeper’s', () => {
    const short = pickOf([report(1, '2030-09-01', squad({ d: [8, 8, 8, 8, 8, 6, 5], m: [7, 7], f: [9] }))]);
    // Five defenders, two midfielders and a forward fill eight places in 5-3-2, 5-4-1 and 5-2-3 alike, at the
    // same total: the first of them. The defenders left take the empty midfield and forward places, best first.
    expect(short.formation).toBe('5-3-2');
    expect(short.players).toHaveLength(11);
    const drawn = short.players.map((p) => [p.line, p.position, p.averageRating]);
    expect(drawn.filter(([line]) => line === 'midfielder')).toContainEqual(['midfielder', 'Centre-Back', 6]);
    expect(drawn.filter(([line]) => line === 'forward')).toContainEqual(['forward', 'Centre-Back', 5]);

    const keeperless = pickOf([
      report(1, '2030-09-01', squad({ gk: [], d: [7, 7, 7, 7, 7], m: [7, 7, 7], f: [7, 7, 7] })),
    ]);
    expect(keeperless.formation).toBe('4-3-3');
    expect(keeperless.players).toHaveLength(10);
    expect(keeperless.players.some((p) => p.line === 'goalkeeper')).toBe(false);
    expect(pickOf([])).toEqual({ formation: null, players: [], manager: null });
  });

  it('calls a Monday-to-Sunday range a week, any other range the days’ own team', () => {
    const range = (from: string, to: string) => teamTitleKind({ kind: 'range', period: { from, to } });
    expect(range('2026-11-23', '2026-11-29')).toBe('week');
    expect(range('2026-11-24', '2026-11-30')).toBe('range');
    expect(range('2026-11-23', '2026-12-06')).toBe('range');
    expect(teamTitleKind({ kind: 'range', period: null })).toBe('week');
    expect(teamTitleKind({ kind: 'season', period: { from: '2026-08-15', to: '2027-05-01' } })).toBe(
      'season',
    );
  });

  it('takes weeks from Monday to Sunday', () => {
    expect(weekOf('2026-11-28')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });
});

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

let nextReport = 1;
/** An ended match kept with its report, as the app keeps one at full time; hidden if said. */
async function keep(
  playedOn: string,
  rated: readonly Rated[],
  options: { hidden?: boolean; season?: string } = {},
) {
  const [row] = await t.db
    .insert(matches)
    .values({
      title: `Match ${nextReport}`,
      opponent: `Opponent ${nextReport++}`,
      scheduledDate: playedOn,
      score: '1-0',
      homeScore: 1,
      startedAt: new Date(`${playedOn}T15:00:00Z`),
      isLive: false,
      hiddenAt: options.hidden ? new Date() : null,
    })
    .returning({ id: matches.id });
  if (!row) throw new Error('no match');
  const season = options.season ?? '2030/31';
  await t.db.insert(matchReports).values({
    matchId: row.id,
    season: season.replace('/', '-'),
    playedOn,
    report: report(row.id, playedOn, rated, season),
  });
  // Written here rather than through the app: its answers forget, as a kept report's notice makes them.
  publicAnswers(t.db).forget();
  return row.id;
}

const get = <T = Team>(url: string) => client(t).get<T>(url);

describe('the public team endpoints', () => {
  it('answers the week of the latest ended match, a range, one match and a season, never a hidden match', async () => {
    const first = await keep('2030-09-02', squad({ d: [7, 7, 7, 7], m: [7, 7, 7], f: [7, 7, 7] }));
    const second = await keep('2030-09-06', squad({ d: [8, 8, 8, 8], m: [6, 6, 6], f: [6, 6, 6] }));
    await keep('2030-09-20', squad({ d: [6, 6, 6], m: [6, 6, 6, 6, 6], f: [9, 9] }));
    // Hidden: its 10s would take every place, and it moves the latest week to its own.
    await keep('2030-09-28', squad({ gk: [10], d: [10, 10, 10, 10], m: [10, 10, 10], f: [10, 10, 10] }), {
      hidden: true,
    });

    const latest = await client(t).get<Team>('/api/team-of-the-week');
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({
      kind: 'range',
      period: { from: '2030-09-16', to: '2030-09-22' },
      formation: '3-5-2',
      previous: { from: '2030-09-02', to: '2030-09-08' },
      next: null,
    });
    expect(latest.body.players.every((p) => p.averageRating < 10)).toBe(true);

    const week = (await get('/api/team-of-the-week?from=2030-09-02&to=2030-09-08')).body;
    expect(week.matches.map((m) => m.id)).toEqual([first, second]);
    expect(week.next).toEqual({ from: '2030-09-16', to: '2030-09-22' });
    // The defenders' 8 and 7 (7.5) beat the rest's 7 and 6 (6.5): four of them, then three and three.
    expect(week.formation).toBe('4-3-3');
    expect(week.players[1]).toMatchObject({
      averageRating: 7.5,
      matchesRated: 2,
      ratingCount: 4,
      line: 'defender',
    });
    expect(week.manager).toMatchObject({ id: 99, matchesRated: 2 });

    const one = (await get(`/api/team-of-the-week?match=${second}`)).body;
    expect(one).toMatchObject({
      kind: 'match',
      period: { from: '2030-09-06', to: '2030-09-06' },
      formation: '4-3-3',
    });

    const empty = (await get('/api/team-of-the-week?from=2030-10-01&to=2030-10-07')).body;
    expect(empty).toMatchObject({ formation: null, players: [], manager: null, matches: [] });

    const res = await t.app.inject({ method: 'GET', url: '/api/seasons/2030-31/team' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const season = res.json() as Team;
    // Three shown matches: one needed, and the hidden one is in no count.
    expect(season).toMatchObject({
      kind: 'season',
      season: { slug: '2030-31', label: '2030/31' },
      minimumMatches: 1,
    });
    expect(season.matches).toHaveLength(3);
    expect(season.players.some((p) => p.averageRating === 10)).toBe(false);
  });

  it('asks a season’s player for a third of its matches', async () => {
    const ids = [];
    for (const day of ['2031-09-01', '2031-09-08', '2031-09-15', '2031-09-22', '2031-09-29', '2031-10-06'])
      ids.push(await keep(day, [{ id: 1, position: 'Goalkeeper', average: 7 }], { season: '2031/32' }));
    // A keeper with one perfect match of six.
    await keep('2031-10-13', [{ id: 2, position: 'Goalkeeper', average: 10 }], { season: '2031/32' });
    const season = (await get('/api/seasons/2031-32/team')).body;
    expect(season.minimumMatches).toBe(3);
    expect(season.players.map((p) => p.id)).toEqual([1]);
    // In its week alone he is picked.
    const week = (await get('/api/team-of-the-week?from=2031-10-13&to=2031-10-19')).body;
    expect(week.players.map((p) => p.id)).toEqual([2]);
  });

  it.each([
    ['from without to', '?from=2030-09-01'],
    ['from after to', '?from=2030-09-08&to=2030-09-01'],
    ['more than 31 days', '?from=2030-09-01&to=2030-10-02'],
    ['an impossible day', '?from=2030-02-30&to=2030-03-02'],
    ['a match and days', '?match=1&from=2030-09-01&to=2030-09-02'],
    ['a match id of 0', '?match=0'],
    ['a match id past the column', '?match=2147483648'],
  ])('refuses %s with 400', async (_label, query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/team-of-the-week${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json() as object)).toEqual(['message', 'code']);
    const card = await t.app.inject({ method: 'GET', url: `/share/team/week.png${query}` });
    expect(card.statusCode).toBe(400);
  });

  it('takes 31 days, answers 404 for a season or match with nothing ended, 400 for a malformed season', async () => {
    expect((await get('/api/team-of-the-week?from=2030-09-01&to=2030-10-01')).status).toBe(200);
    expect((await get('/api/seasons/2040-41/team')).status).toBe(404);
    expect((await get('/api/seasons/2040%2F41/team')).status).toBe(400);
    expect((await get('/api/team-of-the-week?match=999999')).status).toBe(404);
    const hidden = await keep('2030-11-01', squad({ d: [7, 7, 7, 7], m: [7, 7, 7], f: [7, 7, 7] }), {
      hidden: true,
    });
    expect((await get(`/api/team-of-the-week?match=${hidden}`)).status).toBe(404);
  });

  it('counts a match ended through the app, as a fan rated it', async () => {
    const live = await setupLiveMatch(t, { opponent: 'Everton' });
    const star = live.starters[1] as Player;
    await voteAll(await createFan(t), live, (p) => (p.id === star.id ? 10 : 6), star);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { scheduledDate: '2032-09-14' });
    expect((await get(`/api/team-of-the-week?match=${live.match.id}`)).status).toBe(404);
    await live.admin.api.patch(`/api/matches/${live.match.id}`, { isLive: false });
    const team = (await get(`/api/team-of-the-week?match=${live.match.id}`)).body;
    expect(team.formation).not.toBeNull();
    expect(team.players.find((p) => p.id === star.id)).toMatchObject({ averageRating: 10, ratingCount: 1 });
    expect(team.manager).toMatchObject({ id: live.manager.id });
  });
});

describe('the team cards', () => {
  it('draws a 1200x630 PNG of the week and of the season in every language', async () => {
    for (const locale of LOCALES) {
      for (const url of [
        teamWeekCardPath({ from: '2030-09-02', to: '2030-09-08' }, locale),
        teamSeasonCardPath('2030-31', locale),
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('public, max-age=60');
        const { width, height } = await sharp(res.rawPayload).metadata();
        expect({ width, height }).toEqual({ width: 1200, height: 630 });
        const again = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'if-none-match': String(res.headers.etag) },
        });
        expect(again.statusCode).toBe(304);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/share/team/season/2040-41.png' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/share/team/season/2040.png' })).statusCode).toBe(400);
  });

  it('writes the title, period, formation, names, numbers and averages in the card’s language', async () => {
    const team = (await get('/api/team-of-the-week?from=2030-09-02&to=2030-09-08')).body;
    const en = teamCardSvg(team, 'Club', DEFAULT_CLUB_COLOURS, cardText('en'));
    expect(en).toContain('>Team of the Week</text>');
    expect(en).toMatch(/>2\s?–\s?8 September 2030<\/text>/);
    expect(en).toContain('>4-3-3</text>');
    expect(en).toContain('>7.5</text>');
    expect(en).toContain('>Player 2</text>');
    expect(en).toContain('>2 matches · ');
    const fr = teamCardSvg(team, 'Club', DEFAULT_CLUB_COLOURS, cardText('fr'));
    // Too wide for one line at the title's size: on two.
    expect(fr).toContain('>Équipe de la</text>');
    expect(fr).toContain('>semaine</text>');
    expect(fr).toContain('>7,5</text>');
    const ar = teamCardSvg(team, 'Club', DEFAULT_CLUB_COLOURS, cardText('ar'));
    expect(ar).toContain('تشكيلة الأسبوع');
    expect(ar).toContain('direction="rtl"');
    // Latin digits, and the formation reads 4-3-3 as everywhere.
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
    expect(ar).toContain('>4-3-3</text>');
    const empty = (await get('/api/team-of-the-week?from=2030-10-01&to=2030-10-07')).body;
    expect(teamCardSvg(empty, 'Club', DEFAULT_CLUB_COLOURS, cardText('en'))).toContain(
      'No ended match in this period',
    );
  });
});
