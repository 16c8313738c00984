import { defineConfig, devices } from '@playwright/test';
import { E2E_SERVERS, E2E_WORKERS } from './tests/e2e/support/servers';
import { CHROMIUM_PATH } from './tests/scripts/ensure-chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/playwright-output',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // One built server per worker (support/servers.ts): the fixtures point each test at its worker's.
  workers: E2E_WORKERS,
  // Every test stands alone (its own fans, its own match), so tests, not files, are shared out: a long
  // file does not end the run on one worker.
  fullyParallel: true,
  // The longest flow takes under a minute on an idle 2-core machine: these are ceilings on awaiting a
  // state, never waits, so a slow machine passes and a page that never gets there still fails.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/test-results/playwright.json' }]],
  use: {
    // The built page installs a service worker; it would answer requests the specs route or take offline.
    // Only the specs about the installed app and notifications allow it.
    serviceWorkers: 'block',
    // A trace snapshots the page at every action: recording it made the accessibility file take 4.6 minutes
    // instead of 2.9. CI keeps only what it prints, so it records none; a developer's run keeps failures'.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // Debian's Chromium as root, on a machine with no outside network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
      ],
    },
  },
  // The fans are on phones: every flow runs at 390x844. The desktop (1280x800) runs only the tests whose
  // subject is the layout or accessibility of screens at both sizes (tagged @both-sizes), and those about
  // the desktop alone (@desktop-only: the admin's keyboard work, the match day driven from the panel).
  projects: [
    {
      name: 'phone',
      grepInvert: /@desktop-only/,
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium' as const,
        viewport: { width: 390, height: 844 },
      },
    },
    {
      name: 'desktop',
      grep: /@both-sizes|@desktop-only/,
      use: { browserName: 'chromium' as const, viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: E2E_SERVERS.map((server) => ({
    // The page is built beforehand (npm test, npm run test:e2e); every server serves the same bundle.
    command: `npx tsx tests/e2e/support/start-server.ts ${server.name}`,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    url: `http://127.0.0.1:${server.port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
