/**
 * npm run db:restore -- <backup.tar.gz> — restores a backup made by db:backup as DATA_DIR/pglite, which
 * must not exist yet or be empty (restore into a new DATA_DIR, or move the old directory aside). Stop
 * the server first: it refuses while one runs. With PostgreSQL use pg_restore (deploy/README.md).
 */
import path from 'node:path';
import { BackupError, restoreDataDir } from './lib/pglite-backup';

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run db:restore -- <backup.tar.gz>   (into DATA_DIR, default ./data)');
    process.exit(1);
  }
  if (process.env.DATABASE_URL?.trim()) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see deploy/README.md)');
    process.exit(1);
  }
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
  await restoreDataDir(path.resolve(file), dataDir);
  process.stdout.write(`Restored ${file} into ${dataDir}/pglite\n`);
}

main().catch((error) => {
  console.error(error instanceof BackupError ? `Restore refused: ${error.message}` : error);
  process.exit(1);
});
