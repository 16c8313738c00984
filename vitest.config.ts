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
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', SERVER_HARNESS_TESTS],
          exclude: [scale, faults],
          env: { MATCHDAY_TEST_DB: 'pglite' },
        },
      },
      // The same API suite again on a PostgreSQL server, when one is given.
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
