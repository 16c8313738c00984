import type { Match } from '@shared/matches';
import { DEFAULT_SHIELD_RULES } from '@shared/shield';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { type JsonSchema, jsonSchemaOf } from './schema-arbitrary';
import { createSecurityWorld, multipartFile, pngImage, routeKey, send } from './security-fixture';

/**
 * Values a database integer column cannot hold, and impossible calendar days, are refused at the door:
 * 400 with a JSON `{"message"}`, never a 5xx from the database. Every route is called as an admin, who
 * gets past every guard to the validation.
 */
const w = await createSecurityWorld();
afterAll(() => w.t.close());

/** One past the largest int column value, 2^53, and 2^53 + 1 as a client writes it (JSON cannot keep it as a double). */
const TOO_BIG = ['2147483648', '9007199254740992', '9007199254740993'] as const;
/** Below the id range. */
const TOO_SMALL = ['0', '-1'] as const;
const INT_MAX = '2147483647';

function expectRefused(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(400);
  expect(String(res.headers['content-type']), label).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body), label).toEqual(['message', 'code']);
  expect(String(body.message).trim(), label).not.toBe('');
}

const routes = w.t.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
const keyOf = (route: RouteOptions) => routeKey(route)[0] ?? '';

/** Whether a JSON schema has an integer anywhere in it. */
function hasInteger(schema: JsonSchema | null | undefined): boolean {
  if (!schema) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) return true;
  return [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
  ].some(hasInteger);
}

const integerParams = (route: RouteOptions): string[] =>
  Object.entries(jsonSchemaOf(route.schema?.params)?.properties ?? {})
    .filter(([, s]) => hasInteger(s))
    .map(([name]) => name);

/** A valid value for each path parameter: the world's live match, a player of its squad, the admin. */
function validParams(): Record<'matchId' | 'playerId' | 'userId', string> {
  const player = w.live.starters[0];
  if (!player) throw new Error('no starter');
  return {
    matchId: String(w.live.match.id),
    playerId: String(player.id),
    userId: w.admin.user.id,
  };
}

/** The path with every parameter valid but `name`, which is `value`; `:id` is a match or a player by route. */
function pathWith(route: RouteOptions, name: string, value: string): string {
  const valid = validParams();
  return route.url.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    if (param === name) return encodeURIComponent(value);
    if (param === 'id') return route.url.startsWith('/api/matches') ? valid.matchId : valid.playerId;
    return encodeURIComponent(param in valid ? valid[param as keyof typeof valid] : '1');
  });
}

/** A body the route would take, so only the path is wrong. */
async function bodyFor(
  route: RouteOptions,
): Promise<{ payload?: string | Buffer; headers?: Record<string, string> }> {
  if (/upload/.test(route.url)) {
    const file = multipartFile('image', await pngImage(8, 8));
    return { payload: file.payload, headers: file.headers };
  }
  if (route.method === 'PATCH') return json('{"title":"Edge"}');
  if (route.method === 'PUT') return json('{"name":"Edge","position":"Striker"}');
  return {};
}
const json = (text: string) => ({ payload: text, headers: { 'content-type': 'application/json' } });

interface BodyProbe {
  route: string;
  /** The path to call, when it differs from the route's own. */
  url?: () => string;
  /** JSON text with `X` where the out-of-range value goes. */
  body: () => string;
}

const admin = () => w.admin.user.id;
const matchId = () => w.live.match.id;
const playerId = () => w.live.starters[0]?.id ?? 1;

/** Every integer a request body carries: ids, id lists, scores, jersey numbers, counts. */
const BODY_PROBES: BodyProbe[] = [
  {
    route: 'POST /api/ratings',
    body: () => `{"userId":"${admin()}","playerId":X,"matchId":${matchId()},"rating":7}`,
  },
  {
    route: 'POST /api/ratings',
    body: () => `{"userId":"${admin()}","playerId":${playerId()},"matchId":X,"rating":7}`,
  },
  { route: 'POST /api/ratings', body: () => `{"userId":"${admin()}","playerId":1,"matchId":1,"rating":X}` },
  {
    route: 'POST /api/user-votes',
    body: () => `{"userId":"${admin()}","matchId":X,"motmPlayerId":${playerId()}}`,
  },
  {
    route: 'POST /api/user-votes',
    body: () => `{"userId":"${admin()}","matchId":${matchId()},"motmPlayerId":X}`,
  },
  { route: 'POST /api/admin/available-for-rating', body: () => '{"playerIds":[X]}' },
  { route: 'POST /api/admin/update-squad', body: () => '{"startingXI":[X],"substitutes":[]}' },
  { route: 'POST /api/admin/update-squad', body: () => '{"startingXI":[],"substitutes":[X]}' },
  {
    route: 'POST /api/admin/publish-squad',
    body: () => '{"startingXI":[X],"substitutes":[],"managerId":null}',
  },
  {
    route: 'POST /api/admin/publish-squad',
    body: () => '{"startingXI":[],"substitutes":[X],"managerId":null}',
  },
  { route: 'POST /api/admin/publish-squad', body: () => '{"startingXI":[],"substitutes":[],"managerId":X}' },
  { route: 'POST /api/admin/players', body: () => '{"name":"Edge","position":"Striker","apiPlayerId":X}' },
  { route: 'POST /api/admin/players', body: () => '{"name":"Edge","position":"Striker","jerseyNumber":X}' },
  {
    route: 'PUT /api/admin/players/:id',
    url: () => `/api/admin/players/${playerId()}`,
    body: () => '{"name":"Edge","position":"Striker","apiPlayerId":X}',
  },
  {
    route: 'PUT /api/admin/players/:id',
    url: () => `/api/admin/players/${playerId()}`,
    body: () => '{"name":"Edge","position":"Striker","jerseyNumber":X}',
  },
  { route: 'PATCH /api/matches/:id', url: () => `/api/matches/${matchId()}`, body: () => '{"homeScore":X}' },
  { route: 'PATCH /api/matches/:id', url: () => `/api/matches/${matchId()}`, body: () => '{"awayScore":X}' },
  { route: 'PUT /api/admin/season-settings', body: () => '{"startMonth":X}' },
  { route: 'POST /api/admin/api-keys', body: () => '{"name":"Edge","ratePerMinute":X}' },
  ...(
    [
      'newAccountHours',
      'networkCrowd',
      'networkWindowMinutes',
      'tenthsPerRating',
      'extremeGap',
      'excludeAt',
    ] as const
  ).map((field) => ({
    route: 'PUT /api/admin/shield/rules',
    body: () =>
      JSON.stringify({ ...DEFAULT_SHIELD_RULES, [field]: 0 }).replace(`"${field}":0`, `"${field}":X`),
  })),
  ...(['teamId', 'dailyBudget', 'votingWindowMinutes'] as const).map((field) => ({
    route: 'PUT /api/admin/feed/settings',
    body: () =>
      JSON.stringify({ teamId: 33, dailyBudget: 100, votingWindowMinutes: 30, [field]: 0 }).replace(
        `"${field}":0`,
        `"${field}":X`,
      ),
  })),
  { route: 'POST /api/simulation/fans', body: () => '{"prefix":"edge","first":X,"count":1}' },
  { route: 'POST /api/simulation/fans', body: () => '{"prefix":"edge","count":X}' },
];

/** Integers in query strings: the simulator's keyset pages, the match a team of the week is picked from. */
const QUERY_PROBES = [
  ...['ratings', 'votes'].flatMap((rows) =>
    ['afterId', 'limit'].map((name) => ({
      route: `GET /api/simulation/matches/:matchId/${rows}`,
      name,
      url: (value: string) => `/api/simulation/matches/${matchId()}/${rows}?${name}=${value}`,
    })),
  ),
  ...['/api/team-of-the-week', '/share/team/week.png'].map((path) => ({
    route: `GET ${path}`,
    name: 'match',
    url: (value: string) => `${path}?match=${value}`,
  })),
  // A consumer's bounds for the oEmbed answer.
  ...['maxwidth', 'maxheight'].map((name) => ({
    route: 'GET /oembed',
    name,
    url: (value: string) =>
      `/oembed?url=${encodeURIComponent('http://localhost/share/match/1')}&${name}=${value}`,
  })),
];

describe('ids of 2^31 or more answer 400, never a database 500', () => {
  const pathRoutes = routes.filter((r) => integerParams(r).length > 0);

  it('finds every route with an integer in its path', () => {
    expect(pathRoutes.map(keyOf)).toEqual(
      expect.arrayContaining([
        'GET /api/motm/:matchId',
        'GET /api/ratings/player/:playerId/match/:matchId',
        'PATCH /api/matches/:id',
        'PUT /api/admin/players/:id',
        'GET /api/players/:id/season-stats',
        'POST /api/players/:id/upload-image',
        'GET /api/user-votes/:userId/match/:matchId',
        'GET /api/analytics/participation/:matchId',
        'GET /api/matches/:id/my-ratings.png',
      ]),
    );
    expect(pathRoutes.length).toBeGreaterThanOrEqual(23);
  });

  it.each(pathRoutes.map((route) => [keyOf(route), route] as const))(
    '%s refuses out-of-range ids in its path',
    async (key, route) => {
      for (const name of integerParams(route)) {
        for (const value of [...TOO_BIG, ...TOO_SMALL]) {
          const url = pathWith(route, name, value);
          const res = await send(w.t.app, {
            method: route.method as 'GET',
            url,
            cookie: w.admin.cookie,
            ...(await bodyFor(route)),
          });
          expectRefused(res, `${key} with :${name}=${value}`);
        }
        // The largest id a column holds is a well-formed id: not found or refused, but never a 5xx.
        const edge = await send(w.t.app, {
          method: route.method as 'GET',
          url: pathWith(route, name, INT_MAX),
          cookie: w.admin.cookie,
          ...(await bodyFor(route)),
        });
        expect(edge.statusCode, `${key} with :${name}=${INT_MAX}: ${edge.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
      }
    },
  );

  it('has a probe for every route whose body carries an integer', () => {
    const withIntegers = routes.filter((r) => hasInteger(jsonSchemaOf(r.schema?.body))).map(keyOf);
    expect(withIntegers.length).toBeGreaterThan(0);
    expect(new Set(BODY_PROBES.map((p) => p.route))).toEqual(new Set(withIntegers));
  });

  /** The field a probe puts the value in, for the test's name. */
  const fieldOf = (probe: BodyProbe) => /"(\w+)":\[?X/.exec(probe.body())?.[1] ?? 'body';

  it.each(BODY_PROBES.map((probe) => [probe.route, fieldOf(probe), probe] as const))(
    '%s refuses out-of-range integers in body field %s',
    async (key, _template, probe) => {
      const [method = 'POST', path = ''] = key.split(' ');
      for (const value of TOO_BIG) {
        const res = await send(w.t.app, {
          method: method as 'POST',
          url: probe.url?.() ?? path,
          cookie: w.admin.cookie,
          ...json(probe.body().replace('X', value)),
        });
        expectRefused(res, `${key} with ${probe.body().replace('X', value)}`);
      }
    },
  );

  it.each(QUERY_PROBES.map((probe) => [probe.route, probe.name, probe] as const))(
    '%s refuses out-of-range integers in query field %s',
    async (_key, _name, probe) => {
      for (const value of TOO_BIG) {
        const res = await send(w.t.app, { method: 'GET', url: probe.url(value), cookie: w.admin.cookie });
        expectRefused(res, probe.url(value));
      }
    },
  );
});

describe('impossible calendar dates answer 400, real ones (29 February 2028) are taken', () => {
  const REAL_DATE = 'Match date must be a real date (YYYY-MM-DD)';
  const REAL_TIME = 'Start time must be a real date and time (ISO 8601)';
  const post = (body: object) =>
    send(w.t.app, { method: 'POST', url: '/api/matches', cookie: w.admin.cookie, payload: body });
  const patch = (id: number, body: object) =>
    send(w.t.app, { method: 'PATCH', url: `/api/matches/${id}`, cookie: w.admin.cookie, payload: body });

  it.each(['2027-02-30', '2026-13-01', '2025-02-29'])('refuses %s as a match date', async (day) => {
    const created = await post({ opponent: 'Edge FC', scheduledDate: day });
    expectRefused(created, `POST ${day}`);
    expect(created.json()).toMatchObject({ message: REAL_DATE });
    const changed = await patch(w.live.match.id, { scheduledDate: day });
    expectRefused(changed, `PATCH ${day}`);
    expect(changed.json()).toMatchObject({ message: REAL_DATE });
  });

  it('takes 29 February 2028, a leap day', async () => {
    const created = await post({ opponent: 'Leap FC', scheduledDate: '2028-02-29' });
    expect(created.statusCode, created.body).toBe(201);
    const match = created.json() as Match;
    expect(match.scheduledDate).toBe('2028-02-29');
    const changed = await patch(match.id, { scheduledDate: '2028-02-29', kickOffTime: '15:00' });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it.each(['/api/team-of-the-week', '/share/team/week.png'])(
    'refuses impossible days and periods past 31 days on %s, takes 29 February 2028',
    async (path) => {
      for (const query of ['from=2027-02-30&to=2027-03-01', 'from=2028-01-01&to=2028-02-01']) {
        expectRefused(await send(w.t.app, { method: 'GET', url: `${path}?${query}` }), `${path}?${query}`);
      }
      const leap = await send(w.t.app, { method: 'GET', url: `${path}?from=2028-02-29&to=2028-03-06` });
      expect(leap.statusCode, leap.body.slice(0, 200)).toBe(200);
    },
  );

  it('refuses impossible or out-of-range start times, takes a real one', async () => {
    const match = (await post({ opponent: 'Clock FC' })).json() as Match;
    for (const startedAt of ['2027-02-30T15:00:00Z', '2025-02-29T15:00:00Z', '0000-01-01T00:00:00Z']) {
      const res = await patch(match.id, { startedAt });
      expectRefused(res, startedAt);
      expect(res.json()).toMatchObject({ message: REAL_TIME });
    }
    const ok = await patch(match.id, { startedAt: '2028-02-29T15:00:00Z' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as Match).startedAt).toBe('2028-02-29T15:00:00.000Z');
  });
});

describe('text with a NUL character answers 400, never a database 500', () => {
  it.each([
    ['POST', '/api/admin/players', { name: 'a\u0000b', position: 'Striker' }],
    ['POST', '/api/admin/banners', { banner2: { enabled: false, type: 'manual', description: '\u0000' } }],
    ['POST', '/api/admin/announcement', { announcement: 'kick-off\u0000' }],
    ['POST', '/api/matches', { opponent: 'Nul\u0000 FC' }],
    ['POST', '/api/admin/customization', { companyName: 'x\u0000' }],
  ] as const)('%s %s', async (method, url, payload) => {
    const res = await send(w.t.app, { method, url, cookie: w.admin.cookie, payload });
    expectRefused(res, `${method} ${url}`);
    expect(res.json()).toMatchObject({ message: 'Text must not contain NUL characters' });
  });

  it('still answers 401 to a caller who is not signed in', async () => {
    const res = await send(w.t.app, {
      method: 'POST',
      url: '/api/admin/players',
      payload: { name: '\u0000' },
    });
    expect(res.statusCode).toBe(401);
  });
});
