import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { catalogsPlugin } from './scripts/vite-catalogs';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const postgres = Boolean(process.env.TEST_DATABASE_URL);
// Scale-out tests run two instances on one PostgreSQL and one Redis: only when both are given.
const scale = '**/*.scale.test.ts';
const redis = Boolean(process.env.REDIS_URL);
// Fault tests start private PostgreSQL, Redis, nginx and server processes: only with both services given.
// The security, fault and fake-service tests, which live beside their harnesses under tests/.
const SERVER_HARNESS_TESTS = 'tests/{security,faults,fakes}/**/*.test.ts';
const faults = 'tests/faults/**/*.fault.test.ts';
const EVERY_FILE = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', SERVER_HARNESS_TESTS];
// Given a PostgreSQL server (as CI is), the API suite runs on it; the embedded PGlite then runs the page's,
// the shared code's and the scripts' tests, plus the files where its driver could part ways with
// postgres.js: the database layer, the server's helpers and the match day's hot raw SQL. Both in full
// doubled CI's unit phase for little: the SQL is one dialect, and the browser suite runs on both.
const PGLITE_BESIDE_POSTGRES = [
  'src/client/**/*.test.{ts,tsx}',
  'src/shared/**/*.test.ts',
  'scripts/**/*.test.ts',
  'src/server/db/**/*.test.ts',
  'src/server/lib/**/*.test.ts',
  'src/server/features/match-day/**/*.test.ts',
];

export default defineConfig({
  plugins: [catalogsPlugin(here('./src/shared/i18n/catalogs'))],
  resolve: { alias: { '@shared': here('./src/shared'), '@client': here('./src/client') } },
  test: {
    globalSetup: ['tests/server/global-setup.ts'],
    setupFiles: ['tests/server/setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite takes ~650 MB an instance: two files at a time on this 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: postgres ? PGLITE_BESIDE_POSTGRES : EVERY_FILE,
          exclude: [scale, faults],
          env: { MATCHDAY_TEST_DB: 'pglite' },
        },
      },
      // The API suite on a PostgreSQL server, when one is given.
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['src/server/**/*.test.ts', SERVER_HARNESS_TESTS],
                exclude: redis ? [faults] : [scale, faults],
                env: { MATCHDAY_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      ...(postgres && redis
        ? [
            {
              // Not extending the root: no shared test database is needed (nor its global setup).
              resolve: { alias: { '@shared': here('./src/shared'), '@client': here('./src/client') } },
              test: {
                name: 'faults',
                include: [faults],
                setupFiles: ['tests/server/setup.ts'],
                environment: 'node' as const,
                // Each file runs its own database, Redis, nginx and servers: one file at a time.
                fileParallelism: false,
                testTimeout: 120_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
