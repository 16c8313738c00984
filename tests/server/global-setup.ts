import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run: a PGlite data directory dumped to a file, and on PostgreSQL a template
 * database. Each test file then starts from a copy in a fraction of the time initdb takes.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'matchday-test-'));
  const kind = project.name === 'postgres' ? 'postgres' : 'pglite';
  let template: string | undefined;

  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    template = `matchday_tpl_${process.pid}_${Date.now()}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${template}"`);
    await admin.end();
    const templateUrl = withDatabase(url, template);
    const handle = await openDatabase({ url: templateUrl });
    await runMigrations(handle, { url: templateUrl });
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshot', '');
  } else {
    const pg = await PGlite.create();
    const handle = await openDatabase({ pglite: pg });
    await runMigrations(handle, { pglite: pg });
    const dump = await pg.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await pg.close();
    project.provide('pgliteSnapshot', file);
    project.provide('postgresTemplate', '');
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (template && process.env.TEST_DATABASE_URL) {
      const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${template}" with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
