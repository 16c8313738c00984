import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, expect, it } from 'vitest';
import { BackupError, backupDataDir, restoreDataDir, SERVER_PID_FILE } from '../../scripts/lib/pglite-backup';

/** npm run db:backup / db:restore on the embedded database: what was backed up comes back. */
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'matchday-backup-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('backs up a data directory to a timestamped tarball and restores it into a new one', async () => {
  const source = tempDir();
  const pg = await PGlite.create(path.join(source, 'pglite'));
  await pg.exec(
    "create table fans (id int primary key, name text); insert into fans values (1, 'Ada'), (2, 'Bo')",
  );
  await pg.close();

  const file = await backupDataDir(source, new Date('2026-05-01T12:30:00Z'));
  expect(path.relative(source, file)).toBe(path.join('backups', 'matchday-2026-05-01T12-30-00-000Z.tar.gz'));

  const target = tempDir();
  await restoreDataDir(file, target);
  const restored = await PGlite.create(path.join(target, 'pglite'));
  const { rows } = await restored.query<{ id: number; name: string }>(
    'select id, name from fans order by id',
  );
  await restored.close();
  expect(rows).toEqual([
    { id: 1, name: 'Ada' },
    { id: 2, name: 'Bo' },
  ]);

  // Never over an existing database.
  await expect(restoreDataDir(file, source)).rejects.toThrow(/is not empty/);
});

it('refuses while a live server holds the data directory, not for a stale pid file', async () => {
  const dir = tempDir();
  const pg = await PGlite.create(path.join(dir, 'pglite'));
  await pg.close();
  writeFileSync(path.join(dir, SERVER_PID_FILE), `${process.pid}\n`);
  await expect(backupDataDir(dir)).rejects.toThrow(BackupError);
  expect(readdirSync(dir)).not.toContain('backups');
  const held = tempDir();
  writeFileSync(path.join(held, SERVER_PID_FILE), `${process.pid}\n`);
  const someFile = path.join(held, SERVER_PID_FILE);
  await expect(restoreDataDir(someFile, held)).rejects.toThrow(/stop it first/);

  // A pid no process has (a crash left the file): the backup goes ahead.
  writeFileSync(path.join(dir, SERVER_PID_FILE), '2147483646\n');
  await expect(backupDataDir(dir)).resolves.toMatch(/\.tar\.gz$/);
});
