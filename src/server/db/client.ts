import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { MIGRATIONS_DIR } from '../paths';
import { type QueryObserver, QueryStats, timePglite, timePostgres } from './query-stats';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel`, and `onListen` each time listening (re)starts: what was
   * sent while the connection was down is lost, so a listener starts from scratch there.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListen: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Calls awaiting the database now (statements, and transactions for their whole life), and the pool's size. */
  stats?(): { inFlight: number; poolSize: number };
  /** Calls `observer` with every statement's and transaction's duration; returns the way to stop. */
  observeQueries?(observer: QueryObserver): () => void;
}

/** Connections of the PostgreSQL pool: beyond it, calls queue in postgres.js. */
const POOL_MAX = 20;

/** One timer per driver client, however many handles are opened on it. */
const timed = new WeakMap<object, QueryStats>();

/** Any number, so two instances starting together serialize their migrations. */
const MIGRATION_LOCK_KEY = 72_016_501;

export type DbTarget = { url: string } | { dataDir: string } | { pglite: PGlite };

export async function openDatabase(target: DbTarget): Promise<DbHandle> {
  if ('url' in target) return openPostgres(target.url);
  const pg =
    'pglite' in target
      ? target.pglite
      : await (async () => {
          const dir = path.join(target.dataDir, 'pglite');
          mkdirSync(dir, { recursive: true });
          return PGlite.create(dir);
        })();
  let stats = timed.get(pg);
  if (!stats) {
    stats = new QueryStats(1);
    timePglite(pg, stats);
    timed.set(pg, stats);
  }
  const counted = stats;
  const db = drizzlePglite(pg, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await pg.query('select 1');
    },
    stats: () => ({ inFlight: counted.inFlight, poolSize: counted.poolSize }),
    observeQueries: (observer) => counted.observe(observer),
    listen: async (channel, onNotify, onListen) => {
      const unlisten = await pg.listen(channel, onNotify);
      onListen();
      return async () => {
        if (!pg.closed) await unlisten();
      };
    },
    close: async () => {
      if (!pg.closed) await pg.close();
    },
  };
}

function openPostgres(url: string): DbHandle {
  const client = postgres(url, {
    max: POOL_MAX,
    idle_timeout: 30,
    // Fail fast while the server is down, so callers get a 503 instead of hanging.
    connect_timeout: 5,
    // Seconds before a connection is tried again after a failure. postgres.js's default grows to 20 s
    // over a few failures counted across the pool: a call made during an outage would wait that long
    // before failing, and the pool (and the change feed's listener) would take as long to come back.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1) * (0.5 + Math.random() / 2),
    onnotice: () => {},
  });
  // Every statement and transaction through the pool is timed, the prepared hot paths' included.
  const stats = new QueryStats(POOL_MAX);
  timePostgres(client, stats);
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await stats.time('statement', async () => client`select 1`);
    },
    stats: () => ({ inFlight: stats.inFlight, poolSize: stats.poolSize }),
    observeQueries: (observer) => stats.observe(observer),
    listen: async (channel, onNotify, onListen) => {
      const { unlisten } = await client.listen(channel, onNotify, onListen);
      return unlisten;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

export async function runMigrations(handle: DbHandle, target: DbTarget): Promise<void> {
  if ('url' in target) {
    // One connection holds the advisory lock for the whole run; instances starting at once wait here.
    const client = postgres(target.url, { max: 1, onnotice: () => {} });
    try {
      await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
      await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_DIR });
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    } finally {
      await client.end({ timeout: 5 });
    }
    return;
  }
  await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
}

/** Rows of a raw statement, the same on both drivers. */
export async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** The driver under a Database: postgres.js or PGlite (drizzle keeps it as `$client`). */
type Driver =
  | { unsafe(text: string, params: unknown[], options: { prepare: boolean }): Promise<unknown[]> }
  | { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * A statement for the hot paths, sent as a named prepared statement: PostgreSQL parses and plans it once
 * per connection, and postgres.js sends it in one round trip instead of an unnamed statement's two (with
 * no query building by drizzle on the way). `text` uses $1, $2... Not for use inside a transaction.
 */
export function preparedStatement<Row>(text: string): (db: Database, params: unknown[]) => Promise<Row[]> {
  return async (db, params) => {
    const driver = (db as unknown as { $client: Driver }).$client;
    if ('unsafe' in driver) return (await driver.unsafe(text, params, { prepare: true })) as Row[];
    return (await driver.query(text, params)).rows as Row[];
  };
}

/** One value per database (prepared queries are bound to theirs), built on first use. */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
