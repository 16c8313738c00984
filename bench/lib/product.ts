/**
 * The real product as a separate process on a fresh PostgreSQL database, and a live match with N fans.
 * The match is set up through the admin API (as setupLiveMatch does); fans and their sessions are written
 * straight to the database with the app's own code, since signing up through e-mail verification is slow
 * and the production server has no shortcut for it (and must not).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Match } from '@shared/matches';
import type { Player } from '@shared/players';
import { eq, sql } from 'drizzle-orm';
import { type DbHandle, openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { createSession, SESSION_COOKIE } from '../../src/server/lib/sessions';
import { HttpPool, httpRequest } from '../../tests/support/http-client';
import {
  type Cleanup,
  freePort,
  productEnv,
  ROOT,
  type ServerProcess,
  startServer,
} from '../../tests/support/processes';
import { createBenchDatabase } from './bench-database';
import type { Operation } from './load';

export interface Product {
  server: ServerProcess;
  databaseUrl: string;
  /** The app's own database code on the same database, for set-up only. */
  database: DbHandle;
  adminEmail: string;
  /** Where the server writes its .cpuprofile on exit, when profiled. */
  profileDir: string | null;
  /** The bearer token its `/metrics` asks for (bench/lib/server-metrics.ts); null: not served. */
  metricsToken: string | null;
}

export async function startProduct(
  cleanup: Cleanup,
  admin: string,
  options: { profile?: boolean; nodeArgs?: string[]; fileLimit?: number } = {},
): Promise<Product> {
  const benchDb = await createBenchDatabase(admin);
  cleanup.add(() => benchDb.drop());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-'));
  cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const adminEmail = 'bench-admin@bench.invalid';
  const profileDir = options.profile ? path.join(os.tmpdir(), 'matchday-bench-profiles') : null;
  const metricsToken = randomBytes(24).toString('hex');
  const server = await startServer({
    name: 'product',
    nodeArgs: [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...(options.nodeArgs ?? []),
    ],
    ...(options.fileLimit ? { fileLimit: options.fileLimit } : {}),
    script: path.join(ROOT, 'src/server/main.ts'),
    port,
    env: productEnv(port, dataDir, {
      DATABASE_URL: benchDb.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      METRICS_TOKEN: metricsToken,
    }),
  });
  cleanup.add(() => server.stop());
  const database = await openDatabase({ url: benchDb.url });
  cleanup.add(() => database.close());
  return { server, databaseUrl: benchDb.url, database, adminEmail, profileDir, metricsToken };
}

export interface Fan {
  id: string;
  cookie: string;
}

export interface MatchDay {
  matchId: number;
  /** Starters, substitutes and the manager: what every fan rates. */
  available: Player[];
  admin: Fan;
  fans: Fan[];
}

/** One JSON call through its own connection; setup only. */
/**
 * As the admin, through the API: the seeded squad's 11 starters, 2 substitutes and the manager picked and
 * published, and a match made (not live yet). Returns the match and the calls used, for what follows.
 */
export async function prepareMatch(server: ServerProcess, cookie: string) {
  const call = <T>(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    api<T>(server, method, url, cookie, body);
  const ensure = <T>(what: string, res: { status: number; body: T }, expected = 200): T => {
    if (res.status !== expected) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const squad = ensure('players', await call<Player[]>('GET', '/api/players'));
  const manager = squad.find((p) => p.isManager);
  const outfield = squad.filter((p) => !p.isManager);
  const keeper = outfield.find((p) => p.position === 'Goalkeeper');
  if (!manager || !keeper) throw new Error('the seeded squad has no manager or goalkeeper');
  const starters = [keeper, ...outfield.filter((p) => p.position !== 'Goalkeeper').slice(0, 10)];
  const substitutes = outfield.filter((p) => !starters.includes(p)).slice(0, 2);
  ensure(
    'update-squad',
    await call('POST', '/api/admin/update-squad', {
      startingXI: [...starters.map((p) => p.id), manager.id],
      substitutes: substitutes.map((p) => p.id),
    }),
  );
  const available = [...starters, ...substitutes, manager];
  ensure(
    'available-for-rating',
    await call('POST', '/api/admin/available-for-rating', { playerIds: available.map((p) => p.id) }),
  );
  const match = ensure(
    'create match',
    await call<Match>('POST', '/api/matches', { opponent: 'Arsenal' }),
    201,
  );
  return { match, available, call, ensure };
}

export async function api<T>(
  server: ServerProcess,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const pool = new HttpPool('127.0.0.1', server.port, 1);
  try {
    const res = await pool.request(
      httpRequest(
        method,
        url,
        server.host,
        { Cookie: cookie },
        body === undefined ? undefined : JSON.stringify(body),
      ),
    );
    return { status: res.status, body: (res.body.length ? JSON.parse(res.body.toString()) : undefined) as T };
  } finally {
    pool.close();
  }
}

async function sessionOf(product: Product, userId: string): Promise<Fan> {
  const token = await createSession(product.database.db, userId, 'matchday-bench');
  return { id: userId, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The seeded squad, 11 starters, 2 substitutes and the manager published, a live match, and `fans` fans. */
export async function setupMatchDay(product: Product, fanCount: number): Promise<MatchDay> {
  const { db } = product.database;
  const [adminRow] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${product.adminEmail}`);
  if (!adminRow) throw new Error('the ADMIN_EMAIL admin is missing');
  const admin = await sessionOf(product, adminRow.id);
  const { match: prepared, available, ensure, call } = await prepareMatch(product.server, admin.cookie);
  const match = prepared;
  ensure('start match', await call<Match>('PATCH', `/api/matches/${match.id}`, { isLive: true }));

  // Fans as a verified sign-up with consent given leaves them; sessions by the app's createSession.
  const fans: Fan[] = [];
  for (let first = 0; first < fanCount; first += 500) {
    const batch = Array.from({ length: Math.min(500, fanCount - first) }, (_, i) => ({
      email: `fan${first + i}@bench.invalid`,
      name: `Fan ${first + i}`,
      emailVerified: true,
      consentGiven: true,
      consentAt: new Date(),
    }));
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    for (let i = 0; i < rows.length; i += 20)
      fans.push(...(await Promise.all(rows.slice(i, i + 20).map((row) => sessionOf(product, row.id)))));
  }
  const [check] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, fans[0]?.id ?? ''));
  if (!check) throw new Error('fans were not created');
  return { matchId: match.id, available, admin, fans };
}

/** Cycles through every (fan, player) pair: after the first pass every rating updates an existing row. */
export function ratingOf(day: MatchDay, seq: number) {
  const fans = day.fans.length;
  const pairs = fans * day.available.length;
  const key = seq % pairs;
  const fan = day.fans[key % fans] as Fan;
  const player = day.available[Math.floor(key / fans)] as Player;
  // A different value on each pass, so an update really changes the row.
  const rating = 1 + ((Math.floor(seq / pairs) + key) % 10);
  return { fan, body: { userId: fan.id, playerId: player.id, matchId: day.matchId, rating } };
}

export const pairCount = (day: MatchDay) => day.fans.length * day.available.length;

/** POST /api/ratings as the fan of `ratingOf(day, seq)`, through `pool`; the outcome is the HTTP status. */
export function ratingViaApi(pool: HttpPool, server: ServerProcess, day: MatchDay): Operation {
  return async (seq) => {
    const { fan, body } = ratingOf(day, seq);
    const res = await pool.request(
      httpRequest('POST', '/api/ratings', server.host, { Cookie: fan.cookie }, JSON.stringify(body)),
    );
    return res.status;
  };
}
