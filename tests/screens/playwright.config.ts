import { defineConfig } from '@playwright/test';
import { E2E_SERVERS } from '../e2e/support/servers';
import { CHROMIUM_PATH } from '../scripts/ensure-chromium';

/**
 * `npm run screens`: every fan-facing screen of a match day, in each language at both sizes, drawn to
 * .tmp/screens for a person to look at (contact sheets per screen). A tool, not a test: CI never runs it.
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'screens.ts',
  outputDir: '../../.tmp/screens-output',
  workers: 1,
  timeout: 900_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    actionTimeout: 30_000,
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
    },
  },
  webServer: E2E_SERVERS.slice(0, 1).map((server) => ({
    command: `npx tsx tests/e2e/support/start-server.ts ${server.name}`,
    cwd: '../..',
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    url: `http://127.0.0.1:${server.port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
  })),
});
