import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  type FixtureStatusShort,
  type FootballWorld,
  matchDayWorld,
  opponentCoach,
  opponentSquad,
  type ProviderCoach,
  type ProviderPlayer,
  type ProviderPosition,
  type ScriptedFixture,
  scriptTimes,
} from './football-world';

/** How the fixture answers for one provider player id. */
export type FixtureFailure =
  /** The profile call answers 500. */
  | 'server-error'
  /** The profile has no photo. */
  | 'no-photo'
  /** The photo URL serves text, not an image. */
  | 'not-image'
  /** The profile answers only after `slowMs` (to prove the adapter gives up). */
  | 'slow';

/** How the next football-data requests fail, whatever they ask (see `failNext`). */
export type ProviderFault =
  /** 429 with the provider's `errors.rateLimit` body and a `retry-after` header. */
  | 'too-many-requests'
  /** 500. */
  | 'server-error'
  /** The provider's day's-quota answer: HTTP 200 with `errors.requests` and an empty response. */
  | 'quota-errors'
  /** No answer at all, until the client gives up. */
  | 'timeout';

export interface FootballFixtureServer {
  /** Base URL, to pass as FOOTBALL_API_URL. */
  url: string;
  /** The key it expects in `x-apisports-key`. */
  key: string;
  /** Every request seen: path with query, the key header sent, and the fake clock when it came. */
  requests: { path: string; key: string | undefined; at: number }[];
  /** The world every football-data answer is computed from; change it and the next answer follows. */
  world: FootballWorld;
  /** Makes the given provider ids fail in the given way (cleared with `reset`). */
  fail(ids: number[], how: FixtureFailure): void;
  /** Moves the internal clock (throws when a `now` option drives the clock instead). */
  setNow(ms: number): void;
  /** The next `count` (default 1) football-data requests, not photos, fail that way. */
  failNext(how: ProviderFault, count?: number): void;
  /** While on, every football-data request answers 503. */
  down(on: boolean): void;
  /** Requests left today (the fake clock's UTC day). */
  remaining(): number;
  /** Clears failures, queued faults, `down`, the rate-limit counters and `requests`; keeps the world and clock. */
  reset(): void;
  close(): Promise<void>;
}

export interface FootballFixtureServerOptions {
  /** The key it expects; 'fixture-key' by default. */
  key?: string;
  /** How long a 'slow' profile waits; 2 s by default. */
  slowMs?: number;
  /** By default, `matchDayWorld` with its kick-off at the clock's start. */
  world?: FootballWorld;
  /** The clock every answer is computed at; by default an internal one, moved only by `setNow`. */
  now?: () => number;
  /** Requests a (UTC) day; 7500, the provider's Pro plan, by default. */
  dailyLimit?: number;
  /** Requests a minute of the fake clock; 300 by default. */
  perMinuteLimit?: number;
}

/** A real PNG with a colour of its own per id, so each player's stored image differs. */
export async function fixturePhoto(id: number, size = 120): Promise<Buffer> {
  return sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: { r: (id * 37) % 256, g: (id * 91) % 256, b: (id * 53) % 256 },
    },
  })
    .png()
    .toBuffer();
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const MEDIA = 'https://media.api-sports.io';
const TOKEN_ERROR = 'Error/Missing application key. Go to https://www.api-football.com/documentation-v3';
const DAY_QUOTA_ERROR =
  'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.';
/** The routes that are the provider's data (and so count, fail and carry its rate-limit headers); photos are not. */
const FOOTBALL_DATA = new Set([
  '/fixtures',
  '/fixtures/lineups',
  '/fixtures/events',
  '/players/squads',
  '/players/profiles',
]);

const STATUS_LONG: Record<FixtureStatusShort, string> = {
  TBD: 'Time to be defined',
  NS: 'Not Started',
  '1H': 'First Half',
  HT: 'Halftime',
  '2H': 'Second Half',
  FT: 'Match Finished',
  PST: 'Match Postponed',
  SUSP: 'Match Suspended',
  ABD: 'Match Abandoned',
  CANC: 'Match Cancelled',
};
const POS: Record<ProviderPosition, 'G' | 'D' | 'M' | 'F'> = {
  Goalkeeper: 'G',
  Defender: 'D',
  Midfielder: 'M',
  Attacker: 'F',
};
const FLAGS: Record<string, string> = { England: 'gb-eng' };
const REFEREES = ['Anthony Taylor, England', 'Michael Oliver, England', 'Simon Hooper, England'];

interface TeamRef {
  id: number;
  name: string;
  logo: string;
}
interface PersonRef {
  id: number | null;
  name: string | null;
}
interface MatchClock {
  elapsed: number | null;
  extra: number | null;
}
interface ProviderEvent {
  time: { elapsed: number; extra: number | null };
  team: TeamRef;
  player: PersonRef;
  assist: PersonRef;
  type: 'Goal' | 'Card' | 'subst' | 'Var';
  detail: string;
  comments: null;
}
interface Tally {
  us: number;
  them: number;
}

/** A fixture as its script has played out up to some instant. */
interface Played {
  kickoff: number;
  status: FixtureStatusShort;
  firstAt: number | null;
  secondAt: number | null;
  /** The clock where a suspended or abandoned match stopped. */
  stopped: MatchClock | null;
  goals: { forUs: boolean; ours: boolean; playerId: number; cancelled: boolean }[];
  events: ProviderEvent[];
  halftime: Tally | null;
  fulltime: Tally | null;
}

const teamRef = (team: { id: number; name: string }): TeamRef => ({
  ...team,
  logo: `${MEDIA}/football/teams/${team.id}.png`,
});

/** The provider's events name players by initial and surname ('B. Fernandes'); ids are what match. */
function eventName(name: string): string {
  const [first, ...rest] = name.split(' ');
  return rest.length === 0 || !first ? name : `${first[0]}. ${rest.join(' ')}`;
}

function split(minutes: number, cap: number): MatchClock {
  return minutes > cap ? { elapsed: cap, extra: minutes - cap } : { elapsed: minutes, extra: null };
}

function clockAt(state: Played, t: number): MatchClock {
  switch (state.status) {
    case '1H':
      return state.firstAt === null
        ? { elapsed: null, extra: null }
        : split(Math.floor((t - state.firstAt) / MINUTE), 45);
    case 'HT':
      return { elapsed: 45, extra: null };
    case '2H':
      return state.secondAt === null
        ? { elapsed: 45, extra: null }
        : split(45 + Math.floor((t - state.secondAt) / MINUTE), 90);
    case 'FT':
      return { elapsed: 90, extra: null };
    case 'SUSP':
    case 'ABD':
      return state.stopped ?? { elapsed: null, extra: null };
    default:
      return { elapsed: null, extra: null };
  }
}

function tally(state: Played): Tally {
  const standing = state.goals.filter((goal) => !goal.cancelled);
  const us = standing.filter((goal) => goal.forUs).length;
  return { us, them: standing.length - us };
}

function squadOf(world: FootballWorld, fixture: ScriptedFixture, ours: boolean): ProviderPlayer[] {
  return ours ? world.squad : opponentSquad(fixture.opponent);
}

/** Replays the steps whose time has come, in time order: the fixture as the provider sees it at `now`. */
function play(world: FootballWorld, fixture: ScriptedFixture, now: number): Played {
  const { kickoff, at } = scriptTimes(fixture);
  const state: Played = {
    kickoff,
    status: 'NS',
    firstAt: null,
    secondAt: null,
    stopped: null,
    goals: [],
    events: [],
    halftime: null,
    fulltime: null,
  };
  const substitutions = { us: 0, them: 0 };
  const side = (ours: boolean) => teamRef(ours ? world.team : fixture.opponent);
  const person = (ours: boolean, id: number | undefined): PersonRef => {
    if (id === undefined) return { id: null, name: null };
    const player = squadOf(world, fixture, ours).find((p) => p.id === id);
    return { id, name: player ? eventName(player.name) : null };
  };
  const event = (t: number, ours: boolean, rest: Omit<ProviderEvent, 'time' | 'team' | 'comments'>) => {
    const clock = clockAt(state, t);
    state.events.push({
      time: { elapsed: clock.elapsed ?? 0, extra: clock.extra },
      team: side(ours),
      ...rest,
      comments: null,
    });
  };

  const due = fixture.script.filter((step) => at(step.at) <= now).sort((a, b) => a.at - b.at);
  for (const step of due) {
    const t = at(step.at);
    if ('status' in step) {
      if (step.status === 'SUSP' || step.status === 'ABD') state.stopped = clockAt(state, t);
      if (step.status === '1H') state.firstAt = t;
      if (step.status === '2H') state.secondAt = t;
      if (step.status === 'HT' || step.status === '2H') state.halftime ??= tally(state);
      if (step.status === 'FT') {
        state.halftime ??= tally(state);
        state.fulltime = tally(state);
      }
      state.status = step.status;
    } else if ('goal' in step) {
      const { ours, playerId, assistId, detail = 'Normal Goal' } = step.goal;
      state.goals.push({ forUs: detail === 'Own Goal' ? !ours : ours, ours, playerId, cancelled: false });
      event(t, ours, {
        player: person(ours, playerId),
        assist: person(ours, assistId),
        type: 'Goal',
        detail,
      });
    } else if ('cancelGoal' in step) {
      const { ours, playerId } = step.cancelGoal;
      const goal = state.goals.findLast((g) => g.ours === ours && g.playerId === playerId && !g.cancelled);
      // A script that cancels a goal never scored is a broken test world: say so rather than answer a score.
      if (!goal) throw new Error(`Fixture ${fixture.id}: no standing goal of player ${playerId} to cancel`);
      goal.cancelled = true;
      event(t, ours, {
        player: person(ours, playerId),
        assist: person(ours, undefined),
        type: 'Var',
        detail: 'Goal cancelled',
      });
    } else if ('subst' in step) {
      const { ours, off, on } = step.subst;
      const count = ours ? ++substitutions.us : ++substitutions.them;
      event(t, ours, {
        player: person(ours, off),
        assist: person(ours, on),
        type: 'subst',
        detail: `Substitution ${count}`,
      });
    } else if ('card' in step) {
      const { ours, playerId, detail } = step.card;
      event(t, ours, {
        player: person(ours, playerId),
        assist: person(ours, undefined),
        type: 'Card',
        detail,
      });
    } else {
      state.kickoff = Date.parse(step.reschedule);
      state.status = 'NS';
      state.firstAt = null;
      state.secondAt = null;
      state.stopped = null;
    }
  }
  return state;
}

const providerDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

function homeAway(fixture: ScriptedFixture, score: Tally | null) {
  if (!score) return { home: null, away: null };
  return fixture.home ? { home: score.us, away: score.them } : { home: score.them, away: score.us };
}

function fixtureView(world: FootballWorld, fixture: ScriptedFixture, state: Played, now: number) {
  const started = state.firstAt !== null;
  const goals = homeAway(fixture, started ? tally(state) : null);
  const leader =
    goals.home === null || goals.away === null || goals.home === goals.away ? null : goals.home > goals.away;
  const us = teamRef(world.team);
  const them = teamRef(fixture.opponent);
  const flag = FLAGS[fixture.league.country];
  return {
    fixture: {
      id: fixture.id,
      referee: REFEREES[fixture.id % REFEREES.length] ?? null,
      timezone: 'UTC',
      date: providerDate(state.kickoff),
      timestamp: seconds(state.kickoff),
      periods: { first: seconds(state.firstAt), second: seconds(state.secondAt) },
      venue: { ...fixture.venue },
      status: { long: STATUS_LONG[state.status], short: state.status, ...clockAt(state, now) },
    },
    league: {
      ...fixture.league,
      logo: `${MEDIA}/football/leagues/${fixture.league.id}.png`,
      flag: flag ? `${MEDIA}/flags/${flag}.svg` : null,
    },
    teams: {
      home: { ...(fixture.home ? us : them), winner: leader },
      away: { ...(fixture.home ? them : us), winner: leader === null ? null : !leader },
    },
    goals,
    score: {
      halftime: homeAway(fixture, state.halftime),
      fulltime: homeAway(fixture, state.fulltime),
      extratime: { home: null, away: null },
      penalty: { home: null, away: null },
    },
  };
}

/** 'r:c' per the provider: row 1 is the goalkeeper's, columns count along each line of the formation. */
function grid(formation: string, index: number): string | null {
  const lines = [1, ...formation.split('-').map(Number)];
  let rest = index;
  for (const [row, size] of lines.entries()) {
    if (rest < size) return `${row + 1}:${rest + 1}`;
    rest -= size;
  }
  return null;
}

function lineupSide(
  team: TeamRef,
  colors: { player: string; goalkeeper: string },
  coach: ProviderCoach,
  formation: string,
  squad: ProviderPlayer[],
  startXI: number[],
  substitutes: number[],
) {
  const entry = (id: number, gridAt: string | null) => {
    const player = squad.find((p) => p.id === id);
    return {
      player: {
        id,
        name: player?.name ?? null,
        number: player?.number ?? null,
        pos: player ? POS[player.position] : null,
        grid: gridAt,
      },
    };
  };
  const kit = (primary: string) => ({ primary, number: 'ffffff', border: primary });
  return {
    team: { ...team, colors: { player: kit(colors.player), goalkeeper: kit(colors.goalkeeper) } },
    coach: { ...coach, photo: `${MEDIA}/football/coachs/${coach.id}.png` },
    formation,
    startXI: startXI.map((id, index) => entry(id, grid(formation, index))),
    substitutes: substitutes.map((id) => entry(id, null)),
  };
}

function lineupsView(world: FootballWorld, fixture: ScriptedFixture, state: Played, now: number) {
  const lineup = fixture.lineup;
  if (!lineup || now < state.kickoff - lineup.announceMinutes * MINUTE) return [];
  const ours = lineupSide(
    teamRef(world.team),
    { player: 'da291c', goalkeeper: '1d1d1b' },
    world.coach,
    lineup.formation,
    world.squad,
    lineup.startXI,
    lineup.substitutes,
  );
  const squad = opponentSquad(fixture.opponent);
  const ids = squad.map((p) => p.id);
  const theirs = lineupSide(
    teamRef(fixture.opponent),
    { player: 'f2f2f2', goalkeeper: '2b7a3d' },
    opponentCoach(fixture.opponent),
    '4-3-3',
    squad,
    ids.slice(0, 11),
    ids.slice(11),
  );
  return fixture.home ? [ours, theirs] : [theirs, ours];
}

/**
 * A local stand-in for the API-Football v3 service.
 *
 * - `GET /players/profiles?player={id}` answers the provider's shape with a photo URL pointing back here,
 *   and `GET /photos/{id}.png` serves the photo.
 * - `GET /fixtures?team=&season=`, `/fixtures?id=` (with events and lineups), `/fixtures/lineups?fixture=`,
 *   `/fixtures/events?fixture=` and `/players/squads?team=` answer from `world` at the fake clock's `now`.
 *
 * Every football-data answer carries the provider's rate-limit headers; the day's quota and the per-minute
 * limit are enforced on the fake clock. A missing or wrong key gets the provider's own answer: HTTP 200 with
 * a non-empty `errors` (and no rate-limit headers, as no account was charged).
 */
export async function startFootballFixtureServer(
  options: FootballFixtureServerOptions = {},
): Promise<FootballFixtureServer> {
  const key = options.key ?? 'fixture-key';
  const dailyLimit = options.dailyLimit ?? 7500;
  const perMinuteLimit = options.perMinuteLimit ?? 300;
  let clock = Date.now();
  const now = options.now ?? (() => clock);
  const world = options.world ?? matchDayWorld(new Date(now()));
  const failures = new Map<number, FixtureFailure>();
  const faults: ProviderFault[] = [];
  let isDown = false;
  const requests: FootballFixtureServer['requests'] = [];
  const pending = new Set<ServerResponse>();
  // Windows by the fake clock's UTC day and minute; a window change (either way, tests rewind) starts afresh.
  const usage = { day: Number.NaN, dayUsed: 0, minute: Number.NaN, minuteUsed: 0 };

  const roll = (at: number) => {
    const day = Math.floor(at / DAY);
    const minute = Math.floor(at / MINUTE);
    if (day !== usage.day) Object.assign(usage, { day, dayUsed: 0 });
    if (minute !== usage.minute) Object.assign(usage, { minute, minuteUsed: 0 });
  };
  const dayLeft = () => Math.max(0, dailyLimit - usage.dayUsed);
  const limitHeaders = (over: { day?: number; minute?: number } = {}): OutgoingHttpHeaders => ({
    'x-ratelimit-requests-limit': String(dailyLimit),
    'x-ratelimit-requests-remaining': String(over.day ?? dayLeft()),
    'X-RateLimit-Limit': String(perMinuteLimit),
    'X-RateLimit-Remaining': String(over.minute ?? Math.max(0, perMinuteLimit - usage.minuteUsed)),
  });
  const retryAfter = (at: number) =>
    String(Math.max(1, Math.ceil(((usage.minute + 1) * MINUTE - at) / 1000)));

  const json = (res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const findFixture = (id: number) => world.fixtures.find((f) => f.id === id);

  /** The `response` of one football-data route, computed at `at`. */
  const answer = (url: URL, at: number, base: string): unknown[] => {
    const params = url.searchParams;
    const number = (name: string) => (params.has(name) ? Number(params.get(name)) : undefined);
    switch (url.pathname) {
      case '/fixtures': {
        const id = number('id');
        const team = number('team');
        const season = number('season');
        const chosen = world.fixtures
          .filter((f) => id === undefined || f.id === id)
          .filter((f) => team === undefined || team === world.team.id || team === f.opponent.id)
          .filter((f) => season === undefined || f.league.season === season)
          .map((fixture) => ({ fixture, state: play(world, fixture, at) }))
          .sort((a, b) => a.state.kickoff - b.state.kickoff);
        return chosen.map(({ fixture, state }) => {
          const view = fixtureView(world, fixture, state, at);
          // As the provider does, a query by id brings the match's details along.
          return id === undefined
            ? view
            : {
                ...view,
                events: state.events,
                lineups: lineupsView(world, fixture, state, at),
                statistics: [],
                players: [],
              };
        });
      }
      case '/fixtures/lineups':
      case '/fixtures/events': {
        const fixture = findFixture(number('fixture') ?? Number.NaN);
        if (!fixture) return [];
        const state = play(world, fixture, at);
        return url.pathname === '/fixtures/events' ? state.events : lineupsView(world, fixture, state, at);
      }
      case '/players/squads': {
        const team = number('team');
        const opponent = world.fixtures.find((f) => f.opponent.id === team)?.opponent;
        const side = team === world.team.id ? { team: world.team, squad: world.squad } : undefined;
        const chosen = side ?? (opponent ? { team: opponent, squad: opponentSquad(opponent) } : undefined);
        if (!chosen) return [];
        return [
          {
            team: teamRef(chosen.team),
            players: chosen.squad.map((p) => ({
              id: p.id,
              name: p.name,
              age: p.age,
              number: p.number,
              position: p.position,
              photo: `${base}/photos/${p.id}.png`,
            })),
          },
        ];
      }
      default:
        return [];
    }
  };

  const footballData = async (req: IncomingMessage, res: ServerResponse, url: URL, sentKey: unknown) => {
    const envelope = {
      get: url.pathname.slice(1),
      parameters: Object.fromEntries(url.searchParams),
      paging: { current: 1, total: 1 },
    };
    const refusal = (errors: Record<string, string>) => ({ ...envelope, errors, results: 0, response: [] });

    if (isDown) return json(res, 503, { message: 'Service Unavailable' });
    if (sentKey !== key) return json(res, 200, refusal({ token: TOKEN_ERROR }));

    const at = now();
    roll(at);
    const fault = faults.shift();
    if (fault === 'timeout') {
      pending.add(res);
      res.on('close', () => pending.delete(res));
      return;
    }
    if (fault === 'server-error') return json(res, 500, { message: 'upstream trouble' });
    if (fault === 'quota-errors' || usage.dayUsed >= dailyLimit)
      return json(res, 200, refusal({ requests: DAY_QUOTA_ERROR }), limitHeaders({ day: 0 }));
    if (fault === 'too-many-requests' || usage.minuteUsed >= perMinuteLimit)
      return json(
        res,
        429,
        refusal({
          rateLimit: `Too many requests. Your rate limit is ${perMinuteLimit} requests per minute.`,
        }),
        { ...limitHeaders({ minute: 0 }), 'retry-after': retryAfter(at) },
      );
    usage.dayUsed += 1;
    usage.minuteUsed += 1;
    const headers = limitHeaders();

    if (url.pathname === '/players/profiles') {
      const id = Number(url.searchParams.get('player'));
      const failure = failures.get(id);
      if (failure === 'server-error') return json(res, 500, { message: 'upstream trouble' }, headers);
      if (failure === 'slow') {
        pending.add(res);
        await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 2_000));
        pending.delete(res);
        if (res.destroyed) return;
      }
      const base = `http://${req.headers.host}`;
      const photo =
        failure === 'no-photo' ? null : `${base}/photos/${id}.${failure === 'not-image' ? 'txt' : 'png'}`;
      return json(
        res,
        200,
        {
          ...envelope,
          errors: [],
          results: 1,
          response: [{ player: { id, name: `Player ${id}`, nationality: 'England', photo } }],
        },
        headers,
      );
    }

    const response = answer(url, at, `http://${req.headers.host}`);
    return json(res, 200, { ...envelope, errors: [], results: response.length, response }, headers);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture.local');
    const sentKey = req.headers['x-apisports-key'];
    requests.push({
      path: `${url.pathname}${url.search}`,
      key: typeof sentKey === 'string' ? sentKey : undefined,
      at: now(),
    });

    if (FOOTBALL_DATA.has(url.pathname)) return footballData(req, res, url, sentKey);

    const photo = /^\/photos\/(\d+)\.(png|txt)$/.exec(url.pathname);
    if (photo) {
      if (photo[2] === 'txt') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end('this is not a picture, whatever the header says');
      }
      const bytes = await fixturePhoto(Number(photo[1]));
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length });
      return res.end(bytes);
    }
    return json(res, 404, { message: 'not found' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A broken test world surfaces here: the message helps more than an empty 500.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: error instanceof Error ? error.message : String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    world,
    fail(ids, how) {
      for (const id of ids) failures.set(id, how);
    },
    setNow(ms) {
      if (options.now) throw new Error('setNow has no effect: the `now` option drives this clock');
      clock = ms;
    },
    failNext(how, count = 1) {
      for (let i = 0; i < count; i += 1) faults.push(how);
    },
    down(on) {
      isDown = on;
    },
    remaining() {
      roll(now());
      return dayLeft();
    },
    reset() {
      failures.clear();
      faults.length = 0;
      isDown = false;
      Object.assign(usage, { day: Number.NaN, dayUsed: 0, minute: Number.NaN, minuteUsed: 0 });
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of pending) res.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
