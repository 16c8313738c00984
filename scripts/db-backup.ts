/**
 * npm run db:backup — a consistent copy of the embedded database (PGlite in DATA_DIR) as
 * DATA_DIR/backups/matchday-<timestamp>.tar.gz. Stop the server first: it refuses while one runs.
 * With PostgreSQL (DATABASE_URL) use pg_dump instead (deploy/README.md).
 */
import path from 'node:path';
import { BackupError, backupDataDir } from './lib/pglite-backup';

async function main() {
  if (process.env.DATABASE_URL?.trim()) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see deploy/README.md)');
    process.exit(1);
  }
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
  const file = await backupDataDir(dataDir);
  process.stdout.write(`Backed up ${dataDir}/pglite to ${file}\n`);
}

main().catch((error) => {
  console.error(error instanceof BackupError ? `Backup refused: ${error.message}` : error);
  process.exit(1);
});
