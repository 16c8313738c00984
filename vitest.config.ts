import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const postgres = Boolean(process.env.TEST_DATABASE_URL);
// Scale-out tests run two instances on one PostgreSQL and one Redis: only when both are given.
const scale = '**/*.scale.test.ts';
const redis = Boolean(process.env.REDIS_URL);

export default defineConfig({
  resolve: { alias: { '@shared': here('./src/shared'), '@client': here('./src/client') } },
  test: {
    globalSetup: ['src/server/testing/global-setup.ts'],
    setupFiles: ['src/server/testing/setup.ts'],
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
          include: ['src/**/*.test.ts'],
          exclude: [scale],
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
                include: ['src/server/**/*.test.ts'],
                exclude: redis ? [] : [scale],
                env: { MATCHDAY_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
