/**
 * Backups of the embedded database (PGlite, DATA_DIR/pglite): a consistent tarball made by PGlite itself
 * (dumpDataDir) from a closed data directory, and a restore into an empty one. A running server holds
 * the directory (and writes DATA_DIR/server.pid): both refuse while it does.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Written by src/server/main.ts while it serves from the embedded database. */
export const SERVER_PID_FILE = 'server.pid';

export class BackupError extends Error {}

/** The pid of a live server holding `dataDir`, or null. */
export function serverHolding(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, SERVER_PID_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists but is another user's; ESRCH: a stale file left by a crash.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

function refuseWhileServing(dataDir: string): void {
  const pid = serverHolding(dataDir);
  if (pid !== null)
    throw new BackupError(
      `the server (pid ${pid}) is using ${dataDir}: stop it first (a copy of a live data directory may not be consistent)`,
    );
}

const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

/** Writes DATA_DIR/backups/matchday-<timestamp>.tar.gz and returns its path. */
export async function backupDataDir(dataDir: string, now = new Date()): Promise<string> {
  const pgDir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) throw new BackupError(`no embedded database in ${pgDir}`);
  refuseWhileServing(dataDir);
  const pg = await PGlite.create(pgDir);
  let dump: Blob;
  try {
    dump = await pg.dumpDataDir('gzip');
  } finally {
    await pg.close();
  }
  const dir = path.join(dataDir, 'backups');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `matchday-${stamp(now)}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600, flag: 'wx' });
  return file;
}

/** Restores `file` (from backupDataDir) as DATA_DIR/pglite, which must not exist or be empty. */
export async function restoreDataDir(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`no such backup: ${file}`);
  refuseWhileServing(dataDir);
  const pgDir = path.join(dataDir, 'pglite');
  if (existsSync(pgDir) && readdirSync(pgDir).length > 0)
    throw new BackupError(
      `${pgDir} is not empty: restore into a new DATA_DIR, or move the old pglite directory aside first`,
    );
  mkdirSync(pgDir, { recursive: true });
  const pg = await PGlite.create({ dataDir: pgDir, loadDataDir: new Blob([readFileSync(file)]) });
  try {
    // Opened and answering: the tarball was a whole database.
    await pg.query('select 1');
  } finally {
    await pg.close();
  }
}
