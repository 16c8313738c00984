import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FootballFixtureServer, startFootballFixtureServer } from './football-fixture-server';
import {
  type FootballWorld,
  matchDayWorld,
  opponentSquad,
  POSTPONED_FIXTURE_ID,
  type ScriptedFixture,
  scriptTimes,
  THE_MATCH_ID,
} from './football-world';

interface Envelope<T> {
  get: string;
  parameters: Record<string, string>;
  errors: unknown[] | Record<string, string>;
  results: number;
  paging: { current: number; total: number };
  response: T[];
}
interface Score {
  home: number | null;
  away: number | null;
}
interface FixtureItem {
  fixture: {
    id: number;
    timezone: string;
    date: string;
    timestamp: number;
    periods: { first: number | null; second: number | null };
    venue: { id: number; name: string; city: string };
    status: { long: string; short: string; elapsed: number | null; extra: number | null };
  };
  league: { id: number; season: number; round: string; logo: string };
  teams: {
    home: { id: number; name: string; winner: boolean | null };
    away: { id: number; winner: boolean | null };
  };
  goals: Score;
  score: { halftime: Score; fulltime: Score };
  events?: EventItem[];
  lineups?: LineupItem[];
}
interface Ref {
  id: number | null;
  name: string | null;
}
interface EventItem {
  time: { elapsed: number; extra: number | null };
  team: { id: number };
  player: Ref;
  assist: Ref;
  type: string;
  detail: string;
  comments: null;
}
interface LineupPlayer {
  player: { id: number; name: string; number: number | null; pos: string; grid: string | null };
}
interface LineupItem {
  team: { id: number; colors: { player: { primary: string } } };
  coach: { id: number; name: string; photo: string };
  formation: string;
  startXI: LineupPlayer[];
  substitutes: LineupPlayer[];
}
interface SquadItem {
  team: { id: number; name: string };
  players: {
    id: number;
    name: string;
    age: number;
    number: number | null;
    position: string;
    photo: string;
  }[];
}

const KICKOFF = new Date('2025-11-30T16:30:00Z');
const DAY = 24 * 60 * 60_000;

async function get<T>(server: FootballFixtureServer, path: string, key: string | null = server.key) {
  const res = await fetch(`${server.url}${path}`, {
    headers: key === null ? {} : { 'x-apisports-key': key },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<T> };
}

function fixtureOf(world: FootballWorld, id: number): ScriptedFixture {
  const fixture = world.fixtures.find((f) => f.id === id);
  if (!fixture) throw new Error(`no fixture ${id}`);
  return fixture;
}

describe('the match-day world', () => {
  const world = matchDayWorld(KICKOFF);
  const match = fixtureOf(world, THE_MATCH_ID);

  it('has a squad of 25 with unique ids, a coach and a 2025 season', () => {
    expect(world.season).toBe(2025);
    expect(matchDayWorld(new Date('2026-03-01T15:00:00Z')).season).toBe(2025);
    expect(world.squad).toHaveLength(25);
    expect(new Set(world.squad.map((p) => p.id)).size).toBe(25);
    expect(world.squad.filter((p) => p.position === 'Goalkeeper')).toHaveLength(3);
    expect(world.squad.some((p) => p.id === world.coach.id)).toBe(false);
  });

  it('names eleven starters with one goalkeeper and nine substitutes, seven of whom never come on', () => {
    const lineup = match.lineup;
    if (!lineup) throw new Error('the match has a lineup');
    const position = (id: number) => world.squad.find((p) => p.id === id)?.position;
    expect(lineup.startXI).toHaveLength(11);
    expect(lineup.startXI.filter((id) => position(id) === 'Goalkeeper')).toHaveLength(1);
    expect(lineup.substitutes).toHaveLength(9);
    const comingOn = match.script.flatMap((step) => ('subst' in step ? [step.subst.on] : []));
    expect(lineup.substitutes.filter((id) => !comingOn.includes(id))).toHaveLength(7);
  });

  it('times the script in real minutes from kick-off', () => {
    const times = scriptTimes(match);
    expect(times.kickoff).toBe(KICKOFF.getTime());
    expect(times.at(-35)).toBe(KICKOFF.getTime() - 35 * 60_000);
  });
});

describe('the fake provider replaying a match day', () => {
  let server: FootballFixtureServer;
  const world = matchDayWorld(KICKOFF);
  const match = fixtureOf(world, THE_MATCH_ID);
  const { at } = scriptTimes(match);
  const them = opponentSquad({ id: 40 });
  const ours = (name: string) => world.squad.find((p) => p.name === name)?.id;

  beforeAll(async () => {
    server = await startFootballFixtureServer({ world });
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  const theMatch = async (minute: number) => {
    server.setNow(at(minute));
    const { body } = await get<FixtureItem>(server, `/fixtures?id=${THE_MATCH_ID}`);
    const [item] = body.response;
    if (!item) throw new Error('the match is listed');
    return item;
  };

  it("lists the team's fixtures of a season in the provider's envelope and shape", async () => {
    server.setNow(at(-60));
    const { status, body } = await get<FixtureItem>(server, '/fixtures?team=33&season=2025');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      get: 'fixtures',
      parameters: { team: '33', season: '2025' },
      errors: [],
      results: 3,
      paging: { current: 1, total: 1 },
    });
    const [first] = body.response;
    expect(first).toMatchObject({
      fixture: {
        id: THE_MATCH_ID,
        timezone: 'UTC',
        date: '2025-11-30T16:30:00+00:00',
        timestamp: KICKOFF.getTime() / 1000,
        periods: { first: null, second: null },
        venue: { id: 556, name: 'Old Trafford', city: 'Manchester' },
        status: { long: 'Not Started', short: 'NS', elapsed: null, extra: null },
      },
      league: { id: 39, season: 2025, round: 'Regular Season - 14' },
      teams: { home: { id: 33, name: 'Manchester United', winner: null }, away: { id: 40, winner: null } },
      goals: { home: null, away: null },
    });
    expect(first?.events).toBeUndefined();
    expect((await get<FixtureItem>(server, '/fixtures?team=33&season=2024')).body.results).toBe(0);
  });

  it('gives no lineups until 35 minutes before kick-off, then both sides', async () => {
    server.setNow(at(-36));
    expect(
      (await get<LineupItem>(server, `/fixtures/lineups?fixture=${THE_MATCH_ID}`)).body.response,
    ).toEqual([]);

    server.setNow(at(-35));
    const { body } = await get<LineupItem>(server, `/fixtures/lineups?fixture=${THE_MATCH_ID}`);
    expect(body.results).toBe(2);
    const [home, away] = body.response;
    expect(home?.team.id).toBe(33);
    expect(home?.formation).toBe('4-2-3-1');
    expect(home?.coach).toMatchObject({ id: world.coach.id, name: world.coach.name });
    expect(home?.startXI).toHaveLength(11);
    expect(home?.startXI.filter((p) => p.player.pos === 'G')).toHaveLength(1);
    expect(home?.startXI[0]?.player).toMatchObject({ id: ours('André Onana'), pos: 'G', grid: '1:1' });
    expect(home?.startXI[10]?.player).toMatchObject({ id: ours('Rasmus Højlund'), pos: 'F', grid: '5:1' });
    expect(home?.substitutes).toHaveLength(9);
    expect(home?.substitutes.every((p) => p.player.grid === null)).toBe(true);
    expect(away?.team.id).toBe(40);
    expect(away?.startXI.map((p) => p.player.id)).toEqual(them.slice(0, 11).map((p) => p.id));
  });

  it('walks the status, the clock and the score through the match', async () => {
    const moment = async (minute: number) => {
      const { fixture, goals } = await theMatch(minute);
      return { ...fixture.status, goals: `${goals.home}-${goals.away}` };
    };
    expect(await moment(-1)).toMatchObject({ short: 'NS', elapsed: null, goals: 'null-null' });
    expect(await moment(0)).toMatchObject({ short: '1H', long: 'First Half', elapsed: 0, goals: '0-0' });
    expect(await moment(23)).toMatchObject({ short: '1H', elapsed: 23, extra: null, goals: '1-0' });
    expect(await moment(46)).toMatchObject({ short: '1H', elapsed: 45, extra: 1 });
    expect(await moment(50)).toMatchObject({ short: 'HT', long: 'Halftime', elapsed: 45, goals: '1-0' });
    expect(await moment(70)).toMatchObject({ short: '2H', long: 'Second Half', elapsed: 52 });
    expect(await moment(88)).toMatchObject({ elapsed: 70, goals: '1-1' });
    expect(await moment(99)).toMatchObject({ elapsed: 81, goals: '2-1' });
    expect(await moment(101)).toMatchObject({ elapsed: 83, goals: '1-1' });
    expect(await moment(110)).toMatchObject({ short: '2H', elapsed: 90, extra: 2 });
    expect(await moment(112)).toMatchObject({
      short: 'FT',
      long: 'Match Finished',
      elapsed: 90,
      extra: null,
    });

    const final = await theMatch(200);
    expect(final.score).toMatchObject({ halftime: { home: 1, away: 0 }, fulltime: { home: 1, away: 1 } });
    expect(final.teams.home.winner).toBeNull();
    expect(final.fixture.periods).toEqual({ first: at(0) / 1000, second: at(63) / 1000 });
    expect((await theMatch(100)).teams).toMatchObject({ home: { winner: true }, away: { winner: false } });
  });

  it('tells the events that have happened, in order, with the substitute coming on as the assist', async () => {
    server.setNow(at(22));
    expect((await get<EventItem>(server, `/fixtures/events?fixture=${THE_MATCH_ID}`)).body.response).toEqual(
      [],
    );

    server.setNow(at(120));
    const { body } = await get<EventItem>(server, `/fixtures/events?fixture=${THE_MATCH_ID}`);
    expect(body.response.map((e) => `${e.time.elapsed} ${e.type} ${e.detail}`)).toEqual([
      '23 Goal Normal Goal',
      '30 Card Yellow Card',
      '61 subst Substitution 1',
      '70 Goal Normal Goal',
      '75 subst Substitution 2',
      '81 Goal Normal Goal',
      '83 Var Goal cancelled',
    ]);
    const [goal, card, firstSub] = body.response;
    expect(goal).toMatchObject({
      team: { id: 33 },
      player: { id: ours('Bruno Fernandes'), name: 'B. Fernandes' },
      assist: { id: ours('Amad Diallo'), name: 'A. Diallo' },
      comments: null,
    });
    expect(card).toMatchObject({ team: { id: 40 }, assist: { id: null, name: null } });
    expect(firstSub).toMatchObject({
      team: { id: 33 },
      player: { id: ours('Rasmus Højlund') },
      assist: { id: ours('Joshua Zirkzee') },
    });
    expect(body.response[6]).toMatchObject({ player: { id: ours('Joshua Zirkzee') }, type: 'Var' });

    // A query by id carries the same events and the lineups along.
    const item = await theMatch(120);
    expect(item.events).toEqual(body.response);
    expect(item.lineups).toHaveLength(2);
  });

  it('follows a change to the live world', async () => {
    server.world.fixtures[0]?.script.push({
      at: 40,
      goal: { ours: true, playerId: ours('Luke Shaw') ?? 0, detail: 'Own Goal' },
    });
    try {
      expect((await theMatch(41)).goals).toEqual({ home: 1, away: 1 });
    } finally {
      server.world.fixtures[0]?.script.pop();
    }
  });

  it('postpones a fixture, then reschedules it three days later', async () => {
    const postponed = fixtureOf(world, POSTPONED_FIXTURE_ID);
    const times = scriptTimes(postponed);
    const status = async (minute: number) => {
      server.setNow(times.at(minute));
      const { body } = await get<FixtureItem>(server, `/fixtures?id=${POSTPONED_FIXTURE_ID}`);
      return body.response[0]?.fixture;
    };
    expect((await status(-2881))?.status).toMatchObject({ short: 'NS', long: 'Not Started' });
    const off = await status(-2880);
    expect(off?.status).toEqual({ long: 'Match Postponed', short: 'PST', elapsed: null, extra: null });
    expect(off?.timestamp).toBe(times.kickoff / 1000);
    const moved = await status(-2000);
    expect(moved?.status.short).toBe('NS');
    expect(moved?.timestamp).toBe((times.kickoff + 3 * DAY) / 1000);
    expect(moved?.date).toBe(new Date(times.kickoff + 3 * DAY).toISOString().replace('.000Z', '+00:00'));
  });

  it("lists a team's squad with photos served here", async () => {
    const { body } = await get<SquadItem>(server, '/players/squads?team=33');
    const [squad] = body.response;
    expect(squad?.team).toMatchObject({ id: 33, name: 'Manchester United' });
    expect(squad?.players).toHaveLength(25);
    const first = squad?.players[0];
    expect(first?.photo).toBe(`${server.url}/photos/${first?.id}.png`);
    const photo = await fetch(first?.photo ?? '');
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect((await get<SquadItem>(server, '/players/squads?team=40')).body.response[0]?.players).toHaveLength(
      18,
    );
  });

  it('records each request with its path, key and the fake clock', async () => {
    server.setNow(at(5));
    await get(server, '/fixtures/events?fixture=1');
    expect(server.requests).toEqual([{ path: '/fixtures/events?fixture=1', key: server.key, at: at(5) }]);
  });
});

describe('the fake provider as a rationed, fallible service', () => {
  let server: FootballFixtureServer;
  let now = KICKOFF.getTime();

  beforeEach(async () => {
    now = KICKOFF.getTime();
    server = await startFootballFixtureServer({ now: () => now, dailyLimit: 3, perMinuteLimit: 2 });
  });
  afterEach(() => server.close());

  it('counts down both limits in the headers', async () => {
    const first = await get(server, '/players/squads?team=33');
    expect(first.headers.get('x-ratelimit-requests-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-requests-remaining')).toBe('2');
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    const second = await get(server, '/fixtures?team=33&season=2025');
    expect(second.headers.get('x-ratelimit-requests-remaining')).toBe('1');
    expect(second.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(server.remaining()).toBe(1);
    expect(() => server.setNow(0)).toThrow(/now/);
  });

  it('answers 429 over the per-minute limit, until the next minute', async () => {
    await get(server, '/players/squads?team=33');
    now += 30_000;
    await get(server, '/players/squads?team=33');
    const over = await get(server, '/players/squads?team=33');
    expect(over.status).toBe(429);
    expect(over.body.errors).toEqual({
      rateLimit: 'Too many requests. Your rate limit is 2 requests per minute.',
    });
    expect(over.body.response).toEqual([]);
    expect(over.headers.get('retry-after')).toBe('30');
    expect(server.remaining()).toBe(1);
    now += 30_000;
    expect((await get(server, '/players/squads?team=33')).status).toBe(200);
  });

  it("answers 200 with errors once the day's quota is spent, until the next UTC day", async () => {
    for (const minute of [0, 1, 2]) {
      now = KICKOFF.getTime() + minute * 60_000;
      expect((await get(server, '/players/squads?team=33')).status).toBe(200);
    }
    expect(server.remaining()).toBe(0);
    now += 60_000;
    const spent = await get(server, '/players/squads?team=33');
    expect(spent.status).toBe(200);
    expect(spent.body.errors).toEqual({
      requests:
        'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.',
    });
    expect(spent.body.response).toEqual([]);
    expect(spent.headers.get('x-ratelimit-requests-remaining')).toBe('0');
    now = Date.parse('2025-12-01T00:00:00Z');
    expect((await get(server, '/players/squads?team=33')).body.results).toBe(1);
    expect(server.remaining()).toBe(2);
  });

  it('fails the next requests the way it is told, leaving photos alone', async () => {
    server.failNext('too-many-requests');
    server.failNext('server-error', 2);
    server.failNext('quota-errors');
    server.failNext('timeout');

    const limited = await get(server, '/fixtures?team=33');
    expect(limited.status).toBe(429);
    expect(limited.body.errors).toHaveProperty('rateLimit');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await fetch(`${server.url}/photos/10284.png`)).status).toBe(200);
    expect((await get(server, '/fixtures?team=33')).status).toBe(500);
    expect((await get(server, '/fixtures/events?fixture=1')).status).toBe(500);

    const quota = await get(server, '/fixtures?team=33');
    expect(quota.status).toBe(200);
    expect(quota.body.errors).toHaveProperty('requests');
    expect(quota.body.response).toEqual([]);

    await expect(
      fetch(`${server.url}/fixtures?team=33`, {
        headers: { 'x-apisports-key': server.key },
        signal: AbortSignal.timeout(150),
      }),
    ).rejects.toThrow();

    const fine = await get(server, '/fixtures?team=33');
    expect(fine.status).toBe(200);
    expect(fine.body.results).toBe(3);
    // None of the injected failures reached the account.
    expect(server.remaining()).toBe(2);
  });

  it('answers 503 to every data request while down, but still serves photos', async () => {
    server.down(true);
    expect(
      (await fetch(`${server.url}/fixtures?team=33`, { headers: { 'x-apisports-key': server.key } })).status,
    ).toBe(503);
    expect((await fetch(`${server.url}/players/profiles?player=1`)).status).toBe(503);
    expect((await fetch(`${server.url}/photos/1.png`)).status).toBe(200);
    server.down(false);
    expect((await get(server, '/fixtures?team=33')).status).toBe(200);
  });

  it("gives a wrong or missing key the provider's token error, charging nothing", async () => {
    for (const key of ['not-the-key', null]) {
      const refused = await get(server, '/fixtures?team=33&season=2025', key);
      expect(refused.status).toBe(200);
      expect(refused.body).toMatchObject({ get: 'fixtures', results: 0, response: [] });
      expect(refused.body.errors).toHaveProperty('token');
    }
    expect(server.remaining()).toBe(3);
  });

  it('still answers player profiles as before', async () => {
    const { body, headers } = await get<{ player: { id: number; photo: string | null } }>(
      server,
      '/players/profiles?player=1485',
    );
    expect(body.response[0]?.player).toEqual({
      id: 1485,
      name: 'Player 1485',
      nationality: 'England',
      photo: `${server.url}/photos/1485.png`,
    });
    expect(headers.get('x-ratelimit-requests-remaining')).toBe('2');
  });
});
