/**
 * The product the simulator plays against: one it starts itself (as `npm start` runs it, SIMULATION=1,
 * on a free 127.0.0.1 port, on the embedded database in a fresh DATA_DIR or on a fresh PostgreSQL
 * database), or a running one given by --url with its admin's credentials.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Cleanup,
  freePort,
  productEnv,
  ROOT,
  type ServerProcess,
  startServer,
} from '../../../tests/support/processes';
import { adminUrl, createBenchDatabase } from '../bench-database';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Target {
  url: URL;
  /** What it runs on: known only for a product started here. */
  database: DatabaseKind | 'unknown';
  adminEmail: string;
  adminPassword: string;
  /** The server process, when started here (its CPU and memory are then measured). */
  server: ServerProcess | null;
  /** The PostgreSQL database made for it, whose backends' CPU is then measured. */
  databaseName: string | null;
}

export async function startTarget(
  cleanup: Cleanup,
  options: {
    url?: string;
    database: DatabaseKind;
    databaseUrl?: string;
    adminEmail?: string;
    adminPassword?: string;
  },
): Promise<Target> {
  if (options.url) {
    const url = new URL(options.url);
    if (url.protocol !== 'http:')
      throw new Error('--url: only http:// (the simulator speaks plain HTTP/1.1)');
    if (!options.adminEmail || !options.adminPassword)
      throw new Error(
        '--url needs the admin: --admin-email and --admin-password (or ADMIN_EMAIL, ADMIN_PASSWORD)',
      );
    return {
      url,
      database: 'unknown',
      adminEmail: options.adminEmail,
      adminPassword: options.adminPassword,
      server: null,
      databaseName: null,
    };
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'matchday-simulate-'));
  cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {};
  let databaseName: string | null = null;
  if (options.database === 'postgres') {
    const database = await createBenchDatabase(adminUrl(options.databaseUrl));
    cleanup.add(() => database.drop());
    env.DATABASE_URL = database.url;
    databaseName = new URL(database.url).pathname.slice(1);
  }
  const port = await freePort();
  const adminEmail = 'simulator-admin@simulation.invalid';
  const adminPassword = randomBytes(12).toString('hex');
  const base = productEnv(port, dataDir, {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    SIMULATION: '1',
    ...env,
  });
  // Without DATABASE_URL the product opens the embedded database in DATA_DIR.
  if (options.database === 'pglite') delete base.DATABASE_URL;
  const server = await startServer({
    name: 'product',
    script: path.join(ROOT, 'src/server/main.ts'),
    port,
    env: base,
    timeoutMs: 180_000,
  });
  cleanup.add(() => server.stop());
  return {
    url: new URL(server.url),
    database: options.database,
    adminEmail,
    adminPassword,
    server,
    databaseName,
  };
}
