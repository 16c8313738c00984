import { defineConfig, devices } from '@playwright/test';
import { E2E_SERVERS, type E2EServer } from './tests/e2e/support/servers';
import { budget } from './tests/e2e/support/time-scale';
import { CHROMIUM_PATH } from './tests/scripts/ensure-chromium';

const PHONE_SERVER = E2E_SERVERS.find((s) => s.name === 'pglite') as E2EServer;
const DESKTOP_SERVER = E2E_SERVERS.find((s) => s.name === 'postgres') ?? PHONE_SERVER;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.tmp/playwright-output',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: budget(60_000),
  expect: { timeout: budget(10_000) },
  reporter: [['list'], ['json', { outputFile: '.tmp/test-results/playwright.json' }]],
  use: {
    // The built page installs a service worker; it would answer requests the specs route or take offline.
    // Only tests/e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
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
  // One size per database: phones against the embedded PGlite, desktops against PostgreSQL (when
  // TEST_DATABASE_URL is set; else PGlite too). Nearly every flow runs at both sizes, so each runs on both
  // databases, at half the time of every size on every database. The API tests cover both databases whole.
  projects: [
    {
      name: `${PHONE_SERVER.name}-phone`,
      // Match day starts and ends the server's one live match: it runs in the desktop project and drives
      // the phone size itself.
      testIgnore: /match-day\.spec\.ts/,
      // Tests tagged for the other size only (their title says which, and why).
      grepInvert: /@desktop-only/,
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium' as const,
        viewport: { width: 390, height: 844 },
        baseURL: `http://127.0.0.1:${PHONE_SERVER.port}`,
      },
    },
    {
      name: `${DESKTOP_SERVER.name}-desktop`,
      grepInvert: /@phone-only/,
      use: {
        browserName: 'chromium' as const,
        viewport: { width: 1280, height: 800 },
        baseURL: `http://127.0.0.1:${DESKTOP_SERVER.port}`,
      },
    },
  ],
  webServer: E2E_SERVERS.map((server) => ({
    // The page is built beforehand (npm test, npm run test:e2e); both servers serve the same bundle.
    command: `npx tsx tests/e2e/support/start-server.ts ${server.name}`,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    url: `http://127.0.0.1:${server.port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
