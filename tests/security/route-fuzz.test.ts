import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { type Fingerprint, fingerprint } from './data-fingerprint';
import {
  EDGE_DATES,
  HOSTILE_STRINGS,
  hostileValue,
  type JsonSchema,
  jsonSchemaOf,
  mixed,
  RawJson,
  sometimes,
  toJsonText,
  validArbitrary,
  withExtraKey,
} from './schema-arbitrary';
import { createSecurityWorld, type Fan, multipartFile, pngImage, routeKey, send } from './security-fixture';

/**
 * Property-based fuzzing of every registered route: values shaped by the route's own zod schemas, mixed
 * with hostile ones, sent as an admin (the most surface) and as a fan. Whatever comes in, the answer is
 * never a 5xx, an error is a human JSON `{"message", "code"}`, and a refused call changes no data.
 * FUZZ_RUNS=<n> multiplies the runs per route; FUZZ_SEED=<n> replays a run (fast-check prints the seed).
 */
const RUNS_PER_ROUTE = 32 * Math.max(1, Number(process.env.FUZZ_RUNS ?? 1));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const BODY_LIMIT = 1024 * 1024;

const w = await createSecurityWorld();
afterAll(() => w.t.close());

type Role = 'admin' | 'fan';
interface Case {
  role: Role;
  params: Record<string, string>;
  query: string;
  body: { payload?: string | Buffer; contentType?: string };
  /** Now and then a forged session in place of the caller's own. */
  forged: { cookie?: string; authorization?: string } | null;
}

const headerSafe = fc
  .oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ unit: 'binary-ascii', maxLength: 60 }),
    fc.constantFrom('x'.repeat(201), 'x'.repeat(5000)),
  )
  .filter((v) => /^[\x20-\x7e]*$/.test(v));
const forgedSession = sometimes(
  fc.oneof(
    headerSafe.map((v) => ({ authorization: `Bearer ${v}` })),
    headerSafe.map((v) => ({ authorization: v })),
    headerSafe.map((v) => ({ cookie: `matchday_session=${encodeURIComponent(v)}` })),
  ),
  8,
);

/** Routes as fuzzed: HEAD twins answer as their GET does, so the GET stands for both. */
const routes = w.t.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
const keyOf = (route: RouteOptions) => routeKey(route)[0] ?? '';
const isUpload = (route: RouteOptions) => /upload/.test(route.url);
const hasBody = (route: RouteOptions) => ['POST', 'PUT', 'PATCH'].includes(String(route.method));

/** Signs out the session it is sent with: each call gets a session of its own. */
const ENDS_SESSION = new Set(['POST /api/auth/logout']);

/** Keeps bulk sign-ups small: a thousand fans a call would only slow the run down. */
function tamed(key: string, schema: JsonSchema | null): JsonSchema | null {
  if (key !== 'POST /api/simulation/fans' || !schema?.properties?.count) return schema;
  return {
    ...schema,
    properties: { ...schema.properties, count: { type: 'integer', minimum: 1, maximum: 3 } },
  };
}

/** Percent-encodes every byte outside the unreserved set (lone surrogates become U+FFFD, as a browser sends them). */
const encodeSegment = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

const asText = (v: unknown): string =>
  v instanceof RawJson ? v.text : typeof v === 'string' ? v : toJsonText(v);

const hostileSegment = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s !== '')),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    'NaN',
    'abc',
    '99999999999999999999',
    '00000000-0000-0000-0000-00000000000g',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
);

function paramsArbitrary(route: RouteOptions): fc.Arbitrary<Record<string, string>> {
  const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
  const schema = jsonSchemaOf(route.schema?.params);
  return fc.record(
    Object.fromEntries(
      names.map((name) => {
        const valid = schema?.properties?.[name];
        const value = valid
          ? fc.oneof(
              { weight: 3, arbitrary: mixed(valid, name, 0).map(asText) },
              { weight: 2, arbitrary: hostileSegment },
            )
          : hostileSegment;
        return [name, value];
      }),
    ),
  );
}

const EXTRA_QUERIES = [
  '__proto__[isAdmin]=true',
  'constructor[prototype][isAdmin]=true',
  'a=1&a=2&a=3',
  'token=not-a-session',
  `long=${'x'.repeat(5000)}`,
  'x=%E0%A4%A',
  'x=%00',
];

function queryArbitrary(route: RouteOptions): fc.Arbitrary<string> {
  const schema = jsonSchemaOf(route.schema?.querystring);
  const own = schema
    ? mixed(schema, 'query', 0).map((value) =>
        value && typeof value === 'object' && !(value instanceof RawJson)
          ? new URLSearchParams(
              Object.entries(value).map(([k, v]) => [k, asText(v)] as [string, string]),
            ).toString()
          : '',
      )
    : fc.constant('');
  return fc
    .tuple(own, sometimes(fc.constantFrom(...EXTRA_QUERIES)))
    .map(([a, b]) => [a, b].filter(Boolean).join('&'));
}

const GARBAGE_BODIES: { payload: string; contentType?: string }[] = [
  { payload: 'not json', contentType: 'application/json' },
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: '\uFEFF{}', contentType: 'application/json' },
  { payload: '{"a":1}{"b":2}', contentType: 'application/json' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'plain words', contentType: 'text/plain' },
  { payload: '<x/>', contentType: 'application/xml' },
  { payload: '{}', contentType: 'application/json; charset=utf-16' },
  { payload: '{}', contentType: 'multipart/form-data; boundary=nothing-here' },
  { payload: '{}', contentType: 'application/json\u0000' },
];

function jsonBodyArbitrary(schema: JsonSchema | null): fc.Arbitrary<Case['body']> {
  const asJson = (text: string) => ({ payload: text, contentType: 'application/json' });
  const shaped = schema
    ? fc
        .tuple(
          mixed(schema, 'body', 0),
          sometimes(fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'id')),
        )
        .map(([value, extra]) => {
          const text = toJsonText(value);
          return asJson(extra ? withExtraKey(text, extra, '{"isAdmin":true}') : text);
        })
    : fc.constant({});
  return fc.oneof(
    { weight: 8, arbitrary: shaped },
    { weight: 2, arbitrary: hostileValue.map((v) => asJson(toJsonText(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_BODIES) },
  );
}

function uploadBodyArbitrary(): fc.Arbitrary<Case['body']> {
  const asMultipart = (m: { payload: Buffer; headers: Record<string, string> }) => ({
    payload: m.payload,
    contentType: m.headers['content-type'],
  });
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom('file', 'image', 'other', '__proto__', ''),
        fc.uint8Array({ maxLength: 4096 }),
        fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream', 'image/svg+xml'),
        fc.constantFrom('picture.png', '../../etc/passwd', '<script>.png', 'x\u0000.png', ''),
      )
      .map(([field, bytes, type, filename]) =>
        asMultipart(multipartFile(field, Buffer.from(bytes), { type, filename })),
      ),
    fc.constant(
      asMultipart(
        multipartFile(
          'file',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          {
            type: 'image/png',
          },
        ),
      ),
    ),
    fc.constantFrom(
      {
        payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nshort',
        contentType: 'multipart/form-data; boundary=x',
      },
      { payload: 'no boundary at all', contentType: 'multipart/form-data' },
      { payload: '{"file":"data:image/png;base64,AAAA"}', contentType: 'application/json' },
    ),
    jsonBodyArbitrary(null),
  );
}

function caseArbitrary(route: RouteOptions): fc.Arbitrary<Case> {
  const key = keyOf(route);
  let body: fc.Arbitrary<Case['body']> = fc.constant({});
  if (isUpload(route)) body = uploadBodyArbitrary();
  else if (hasBody(route)) body = jsonBodyArbitrary(tamed(key, jsonSchemaOf(route.schema?.body)));
  return fc.record({
    role: fc.constantFrom<Role>('admin', 'fan'),
    params: paramsArbitrary(route),
    query: queryArbitrary(route),
    body,
    forged: forgedSession,
  });
}

/** Fingerprints of the data as it stands, recomputed only after something may have changed it. */
let known: Fingerprint | null = null;
const cases = { total: 0, refused: 0 };

const STACK = /\n\s+at |node:internal|\/src\/server\//;
const DATABASE_TEXT =
  /syntax error|violates|duplicate key|invalid input syntax|relation "|column "|SQLSTATE|Failed query|drizzle|PGlite|postgres|out of range for type/i;
/**
 * A password hash, or a field named for one: a JSON key (not text inside a string, whose quotes are
 * escaped) or an argon2 hash's own shape. Text the request sent (an opponent named after the column) may
 * come back as it was.
 */
const SECRET =
  /(?<!\\)"(passwordHash|password_hash)"\s*:|\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{16,}/;
const MACHINE_CODE = /^(FST_|ERR_|E[A-Z]{3,})/;

/**
 * Refusals a protocol names with a 5xx status: oEmbed answers a format it does not offer (`format=xml`)
 * with 501 Not Implemented (oEmbed 1.0, 2.3.4). A refusal like any other, never a failure.
 */
const PROTOCOL_REFUSALS: Readonly<Record<string, number>> = { 'GET /oembed': 501 };

function expectSane(res: LightMyRequestResponse, label: string, key = ''): void {
  const status = res.statusCode === PROTOCOL_REFUSALS[key] ? 400 : res.statusCode;
  expect(status, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, label).not.toMatch(SECRET);
  if (res.statusCode < 400) return;
  expect(String(res.headers['content-type']), label).toMatch(/^application\/json/);
  const body = res.json() as { message?: unknown; code?: unknown };
  expect(Object.keys(body), `${label}: ${res.body.slice(0, 300)}`).toEqual(['message', 'code']);
  // A stable code the page translates: `group.name`, never a machine's own error text.
  expect(String(body.code), label).toMatch(/^[a-zA-Z]+\.[a-zA-Z]+$/);
  const message = String(body.message);
  expect(message.trim().length, label).toBeGreaterThan(0);
  expect(message, label).not.toMatch(STACK);
  expect(message, label).not.toMatch(DATABASE_TEXT);
  expect(message, label).not.toMatch(MACHINE_CODE);
}

/** A new session for one call; the data it adds is part of the state the call starts from. */
async function sessionOfItsOwn(caller: Fan): Promise<string> {
  const cookie = await w.extraSession(caller);
  known = null;
  return cookie;
}

async function run(route: RouteOptions, c: Case): Promise<void> {
  const key = keyOf(route);
  const caller = c.role === 'admin' ? w.admin : w.fan;
  const own = ENDS_SESSION.has(key) ? await sessionOfItsOwn(caller) : caller.cookie;
  const cookie = c.forged?.cookie ?? own;
  let url = route.url;
  for (const [name, value] of Object.entries(c.params)) url = url.replace(`:${name}`, encodeSegment(value));
  if (c.query) url += `?${c.query}`;
  known ??= await fingerprint(w.t.db);
  const res = await send(w.t.app, {
    method: route.method as 'GET',
    url,
    cookie,
    ...(c.body.payload === undefined ? {} : { payload: c.body.payload }),
    headers: {
      ...(c.body.contentType ? { 'content-type': c.body.contentType } : {}),
      ...(c.forged?.authorization === undefined ? {} : { authorization: c.forged.authorization }),
    },
  });
  const label = `${c.forged ? 'forged' : c.role} ${route.method} ${url.slice(0, 200)}`;
  expectSane(res, label, key);
  cases.total += 1;
  if (res.statusCode >= 400) {
    cases.refused += 1;
    expect(await fingerprint(w.t.db), `${label} was refused (${res.statusCode}) but changed data`).toEqual(
      known,
    );
  } else {
    known = null;
  }
}

/** Bodies at the limit: just under is read (and judged by its schema), just over is refused unread; and nesting at that size. */
async function atTheBodyLimit(route: RouteOptions): Promise<void> {
  const filler = (size: number) => `{"name":"${'x'.repeat(size - 11)}"}`;
  const url = route.url.replace(/:[A-Za-z]+/g, '1');
  // Nesting as deep as the body limit allows, a prototype key at the bottom for the parser's scan to find.
  const deepArray = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  const deepObject = `${'{"a":'.repeat(80_000)}{"__proto__":{"isAdmin":true}}${'}'.repeat(80_000)}`;
  for (const role of ['admin', 'fan'] as const) {
    for (const [size, refusal, text] of [
      [BODY_LIMIT - 64, null, null],
      [BODY_LIMIT + 1, 413, null],
      [deepArray.length, null, deepArray],
      [deepObject.length, null, deepObject],
    ] as const) {
      const payload = isUpload(route)
        ? multipartFile('file', Buffer.alloc(size, 7)).payload
        : Buffer.from(text ?? filler(size));
      const caller = role === 'admin' ? w.admin : w.fan;
      const cookie = ENDS_SESSION.has(keyOf(route)) ? await sessionOfItsOwn(caller) : caller.cookie;
      known ??= await fingerprint(w.t.db);
      const res = await send(w.t.app, {
        method: route.method as 'POST',
        url,
        cookie,
        payload,
        headers: isUpload(route)
          ? multipartFile('file', Buffer.alloc(0)).headers
          : { 'content-type': 'application/json' },
      });
      const label = `${role} ${route.method} ${url} with ${size} bytes`;
      expectSane(res, label);
      // Uploads have a 5 MB limit of their own; JSON bodies the product's 1 MB one.
      if (refusal && !isUpload(route)) expect(res.statusCode, label).toBe(refusal);
      cases.total += 1;
      if (res.statusCode >= 400) {
        expect(await fingerprint(w.t.db), label).toEqual(known);
      } else known = null;
    }
  }
}

describe('the generators reach the edges of ids and dates', () => {
  const sample = (schema: JsonSchema) =>
    fc
      .sample(validArbitrary(schema), { numRuns: 2000, seed: 14 })
      .map((v) => (v instanceof RawJson ? v.text : v));

  it('id generators include 0, -1, 2^31 - 1, 2^31, 2^53 and 2^53 + 1', () => {
    const ids = new Set(sample({ type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 }));
    for (const edge of [0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, '9007199254740993'])
      expect(ids).toContain(edge);
  });

  it('date generators include impossible days (2027-02-30, 2026-13-01, 2025-02-29) and the leap day 2028-02-29', () => {
    const days = new Set(sample({ type: 'string', format: 'date' }));
    const times = sample({ type: 'string', format: 'date-time' }).map((v) => String(v).slice(0, 10));
    for (const edge of ['2027-02-30', '2026-13-01', '2025-02-29', '2028-02-29']) {
      expect(EDGE_DATES).toContain(edge);
      expect(days).toContain(edge);
      expect(times).toContain(edge);
    }
  });
});

describe('every registered route, fuzzed', () => {
  it('finds the routes to fuzz in the live route table', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it.each(routes.map((route) => [keyOf(route), route] as const))(
    '%s',
    async (_key, route) => {
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route), (c) => run(route, c)),
        { numRuns: RUNS_PER_ROUTE, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      if (hasBody(route)) await atTheBodyLimit(route);
    },
    180_000,
  );

  it('uploads over 5 MB are refused with 413 and store nothing', async () => {
    const big = multipartFile('file', Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    const before = await fingerprint(w.t.db);
    const res = await send(w.t.app, {
      method: 'POST',
      url: '/api/objects/upload',
      cookie: w.admin.cookie,
      ...big,
    });
    expect(res.statusCode).toBe(413);
    expectSane(res, 'upload over 5 MB');
    expect(await fingerprint(w.t.db)).toEqual(before);
    // A real image still goes through afterwards.
    const ok = await send(w.t.app, {
      method: 'POST',
      url: '/api/objects/upload',
      cookie: w.admin.cookie,
      ...multipartFile('file', await pngImage(8, 8)),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('leaves the server up, the admin and fan signed in, and no prototype polluted', async () => {
    expect(cases.total).toBeGreaterThan(routes.length * RUNS_PER_ROUTE);
    expect(cases.refused).toBeGreaterThan(0);
    expect((await send(w.t.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const me = await send(w.t.app, { method: 'GET', url: '/api/auth/me', cookie: w.admin.cookie });
    expect(me.json().user.isAdmin).toBe(true);
    const fanMe = await send(w.t.app, { method: 'GET', url: '/api/auth/me', cookie: w.fan.cookie });
    expect(fanMe.json().user.isAdmin).toBe(false);
    expect(({} as { isAdmin?: unknown; polluted?: unknown }).isAdmin).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    process.stdout.write(
      `route fuzz: ${cases.total} cases, ${cases.refused} refused, ${routes.length} routes\n`,
    );
  });
});
