import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

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
  const db = drizzlePglite(pg, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await pg.query('select 1');
    },
    close: async () => {
      if (!pg.closed) await pg.close();
    },
  };
}

function openPostgres(url: string): DbHandle {
  const client = postgres(url, {
    max: 20,
    idle_timeout: 30,
    // Fail fast while the server is down, so callers get a 503 instead of hanging.
    connect_timeout: 5,
    onnotice: () => {},
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await client`select 1`;
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
