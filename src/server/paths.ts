import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder: the nearest one above this module holding package.json. The same answer from
 * the sources (`src/server`, run by tsx) and from the built bundle (`dist/server`, run by node).
 */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('package.json not found above the server');
    dir = up;
  }
  return dir;
}

export const PROJECT_ROOT = projectRoot();
/** Committed SQL, read at start by the migrator; the build leaves them where they are. */
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'src/server/db/migrations');
/** The page's sources (for Vite in development) and its build (served in production). */
export const CLIENT_SOURCE_DIR = path.join(PROJECT_ROOT, 'src/client');
export const CLIENT_DIST = path.join(PROJECT_ROOT, 'dist/client');
