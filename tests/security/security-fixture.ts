import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { matches, ratings } from '../../src/server/db/schema';
import { createSession, SESSION_COOKIE } from '../../src/server/lib/sessions';
import { createFan, type LiveMatch, setupLiveMatch, voteAll } from '../server/match-fixtures';
import { createTestContext, type TestContext, type TestContextOptions } from '../server/test-app';

/** The product's own origin in the security tests: SIMULATION (loopback only) is on, so every route exists. */
export const PUBLIC_URL = 'http://localhost';
export const SAME_SITE = { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' } as const;

export type Fan = Awaited<ReturnType<typeof createFan>>;

export interface SecurityWorld {
  t: TestContext;
  live: LiveMatch;
  admin: Fan;
  /** Consented, rated every available player and voted on the live match. */
  fan: Fan;
  /** Consented, has rated and voted nothing. */
  otherFan: Fan;
  /** A stored upload, served at /objects/... */
  objectPath: string;
  /** A fresh consenting fan, for calls that use a fan up (sign-out, deletion) or need a clean slate. */
  freshFan(options?: { isAdmin?: boolean }): Promise<Fan>;
  /** Another session of the same user: a call that ends a session must not end the world's. */
  extraSession(user: Fan): Promise<string>;
}

/** The whole product, with every optional route registered, and a live match a fan has voted in. */
export async function createSecurityWorld(options: TestContextOptions = {}): Promise<SecurityWorld> {
  // The shield on: the voting fan's ballot is read, so the admin's review calls have one to decide on.
  const t = await createTestContext({
    shield: true,
    ...options,
    env: { SIMULATION: '1', HOST: '127.0.0.1', PUBLIC_URL, ...options.env },
    authRateLimit: options.authRateLimit ?? { max: 1_000_000, timeWindow: 60_000 },
  });
  const live = await setupLiveMatch(t);
  const fan = await createFan(t);
  await voteAll(fan, live, 8);
  await t.app.ballotReviews.idle();
  const otherFan = await createFan(t);
  const uploaded = await send(t.app, {
    method: 'POST',
    url: '/api/objects/upload',
    cookie: live.admin.cookie,
    ...multipartFile('file', await pngImage()),
  });
  const objectPath = (uploaded.json() as { objectPath?: string }).objectPath;
  if (!objectPath) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  return {
    t,
    live,
    admin: live.admin,
    fan,
    otherFan,
    objectPath,
    freshFan: (o = {}) => createFan(t, o),
    extraSession: async (user) => `${SESSION_COOKIE}=${await createSession(t.db, user.user.id)}`,
  };
}

export const pngImage = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(
  field: string,
  data: Buffer,
  options: { filename?: string; type?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----matchday${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${options.filename ?? 'picture.png'}"\r\nContent-Type: ${options.type ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `METHOD url` of a registered route, as the tables key it. */
export const routeKey = (route: { method: string | string[]; url: string }): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((m) => `${m} ${route.url}`);

/** Every registered route's key, from the app's live route table. */
export function registeredRouteKeys(app: FastifyInstance): string[] {
  return [...new Set(app.registeredRoutes.flatMap(routeKey))].sort();
}

/** The path of a route pattern with its `:params` filled in. */
export function fillPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

export async function send(
  app: FastifyInstance,
  request: InjectOptions & { cookie?: string },
): Promise<LightMyRequestResponse> {
  const { cookie, headers, ...rest } = request;
  return app.inject({
    ...rest,
    headers: { ...SAME_SITE, ...(cookie ? { cookie } : {}), ...headers },
  });
}

const endedMatches = new WeakMap<SecurityWorld, Promise<number>>();

/**
 * An ended match (made once per world, straight in the database: ratings need a live match through the
 * API, and the world's one stays live) that the world's fan rated two players in, and nobody else did.
 */
export function endedMatchRatedByFan(w: SecurityWorld): Promise<number> {
  let made = endedMatches.get(w);
  if (!made) {
    made = (async () => {
      const [match] = await w.t.db
        .insert(matches)
        .values({
          title: 'Manchester United vs Everton',
          opponent: 'Everton',
          scheduledDate: '2026-01-10',
          startedAt: new Date('2026-01-10T15:00:00Z'),
          score: '1-0',
          homeScore: 1,
        })
        .returning({ id: matches.id });
      if (!match) throw new Error('no ended match');
      await w.t.db.insert(ratings).values(
        w.live.starters.slice(0, 2).map((p, i) => ({
          userId: w.fan.user.id,
          playerId: p.id,
          matchId: match.id,
          rating: 8 - i,
        })),
      );
      return match.id;
    })();
    endedMatches.set(w, made);
  }
  return made;
}
