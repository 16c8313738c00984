import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The browser tests' servers: one built product per Playwright worker, so a worker's tests never meet
 * another worker's live match, squad or settings, and no test waits for another. Worker slots alternate
 * between the embedded PGlite and PostgreSQL (when TEST_DATABASE_URL is set), so both databases serve
 * the browser suite.
 */
export interface E2EServer {
  name: string;
  database: 'pglite' | 'postgres';
  port: number;
  dataDir: string;
  /**
   * The control port of the server's stand-in push service (start-server.ts): POST /subscribe makes a
   * browser-side subscription it accepts pushes for, GET /received?endpoint= lists what it decrypted.
   */
  pushPort: number;
  /**
   * Whether its live events go through Redis (REDIS_URL): the first PostgreSQL server only, since
   * instances on one Redis share its channel.
   */
  redis: boolean;
}

/** Playwright's workers, and so the servers: two by default, as this 2-core machine runs them best. */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 2)) || 2);

const base = Number(process.env.E2E_PORT ?? 3510);
export const E2E_SERVERS: E2EServer[] = Array.from({ length: E2E_WORKERS }, (_, slot) => {
  const database = process.env.TEST_DATABASE_URL && slot % 2 === 1 ? 'postgres' : 'pglite';
  const port = base + slot;
  return {
    name: `${database}-${slot}`,
    database,
    port,
    dataDir: path.join(tmpdir(), `matchday-e2e-${port}`),
    // A thousand above, so checkouts that run side by side on E2E_PORT a hundred apart never collide.
    pushPort: port + 1000,
    redis: database === 'postgres' && slot === 1,
  };
});

export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'e2e-admin-password' };

/** The server of a worker slot (testInfo.parallelIndex). */
export function serverOfWorker(parallelIndex: number): E2EServer {
  return E2E_SERVERS[parallelIndex % E2E_SERVERS.length] as E2EServer;
}
