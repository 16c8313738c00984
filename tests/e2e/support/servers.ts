import { tmpdir } from 'node:os';
import path from 'node:path';

/** The servers the browser tests run against: embedded PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export interface E2EServer {
  name: 'pglite' | 'postgres';
  port: number;
  dataDir: string;
  /**
   * The control port of the server's stand-in push service (start-server.ts): POST /subscribe makes a
   * browser-side subscription it accepts pushes for, GET /received?endpoint= lists what it decrypted.
   */
  pushPort: number;
}

const base = Number(process.env.E2E_PORT ?? 3510);
export const E2E_SERVERS: E2EServer[] = [
  { name: 'pglite', port: base, dataDir: path.join(tmpdir(), `matchday-e2e-${base}`), pushPort: base + 100 },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          port: base + 1,
          dataDir: path.join(tmpdir(), `matchday-e2e-${base + 1}`),
          pushPort: base + 101,
        },
      ]
    : []),
];

export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'e2e-admin-password' };

export function serverFor(baseURL: string | undefined): E2EServer {
  const port = Number(new URL(baseURL ?? 'http://x').port);
  const server = E2E_SERVERS.find((s) => s.port === port);
  if (!server) throw new Error(`no e2e server on ${baseURL}`);
  return server;
}
