import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type DbHandle, openDatabase } from '../../src/server/db/client';
import { withDatabase } from './global-setup';

export const TEST_DB_KIND = process.env.MATCHDAY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, migrated, empty database of its own for one test file. Close it in afterAll. */
export async function createTestDatabase(): Promise<DbHandle> {
  if (TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const name = `matchday_t_${randomBytes(6).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}" template "${inject('postgresTemplate')}"`);
    await admin.end();
    const handle = await openDatabase({ url: withDatabase(url, name) });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const dropper = postgres(url, { max: 1, onnotice: () => {} });
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const pg = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ pglite: pg });
}
