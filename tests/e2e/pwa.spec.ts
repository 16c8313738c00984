import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  registerVerified,
  signIn,
  test,
  watchConsoleErrors,
} from './support/fixtures';
import { controlledByServiceWorker, keptApiAnswers, OFFLINE_NOISE } from './support/pwa';

// The other specs block service workers (playwright.config.ts); the installable app needs its own.
test.use({ serviceWorkers: 'allow' });

interface Manifest {
  name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** The size the browser decodes an image at, loaded as the page would load it (same CSP). */
const decodedSize = (page: Page, src: string) =>
  page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return `${image.naturalWidth}x${image.naturalHeight}`;
  }, src);

/** Whether the user the worker keeps for a start without network has given consent (null: none kept). */
const keptUserConsent = (page: Page) =>
  page.evaluate(async () => {
    const kept = await caches.match('/api/auth/me');
    return kept ? ((await kept.json()) as { user: { consentGiven: boolean } }).user.consentGiven : null;
  });

test('the page links a valid web app manifest named after the club, with its icons', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await page.request.get(href ?? '');
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as Manifest;
  const { companyName } = (await (await page.request.get('/api/customization')).json()) as {
    companyName: string;
  };
  expect(manifest).toMatchObject({ name: companyName, start_url: '/', scope: '/', display: 'standalone' });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);

  // Chromium's own parser finds nothing wrong with it.
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  expect(parsed.errors).toEqual([]);
  expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);

  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    expect(await decodedSize(page, icon.src), icon.src).toBe(icon.sizes);
  }
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(await decodedSize(page, touchIcon ?? '')).toBe('180x180');
});

test('the service worker serves the app shell with no network, signed in, with the offline notice', async ({
  page,
  context,
  server,
  uniqueEmail,
}) => {
  // Sign-up, install, two tabs, an axe scan offline and a reload: over a minute on a busy 2-core machine.
  const email = uniqueEmail();
  await registerVerified(page, server, email, 'offline-password');
  const online = await context.newPage();
  const onlineErrors = watchConsoleErrors(online);
  await signIn(online, email, 'offline-password');
  await expect(online).toHaveURL(/\/$/);

  await controlledByServiceWorker(online);
  const worker = await online.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(worker).toMatch(/\/sw\.js$/);
  // Chromium finds nothing that stops it offering to install the app, but the test's own private window.
  const cdp = await context.newCDPSession(online);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  const sw = await online.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);

  // The first visit's reads came before the worker; once it controls the page they are made again and
  // kept (with no reload), as are the reads made after it took over.
  await expect
    .poll(() => keptApiAnswers(online))
    .toEqual(expect.arrayContaining(['/api/auth/me', '/api/matches/current', '/api/customization']));
  // Consent given now refreshes the kept user, so the start without network does not ask again.
  expect(await keptUserConsent(online)).toBe(false);
  const consent = online.getByRole('dialog');
  await consent.getByRole('button', { name: 'Accept' }).click();
  await expect(consent).toBeHidden();
  await expect.poll(() => keptUserConsent(online)).toBe(true);
  await expect(online.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
  // The start without network happens in a new tab, as when the installed app is opened.
  await online.close();
  expect(onlineErrors(), 'console errors on the first tab').toEqual([]);

  await context.setOffline(true);
  const offline = await context.newPage();
  const offlineErrors = watchConsoleErrors(offline, OFFLINE_NOISE);
  const opened = await offline.goto('/');
  expect(opened?.fromServiceWorker()).toBe(true);
  expect(opened?.status()).toBe(200);
  await expect(offline.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
  // The network really is gone, for the worker too: what it never kept fails.
  expect(
    await offline.evaluate(() =>
      fetch('/api/health').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  await expect(offline.getByText(/You.re offline/)).toBeVisible();
  await expect(offline.getByText('Ratings will sync when connection is restored')).toBeVisible();
  await expectAccessible(offline, 'offline app shell');

  const reloaded = await offline.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(offline.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();

  // Signing out drops the kept answers: offline, the next person sees the signed-out page.
  await context.setOffline(false);
  await offline.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(offline.getByText('Rate players during live matches')).toBeVisible();
  await expect.poll(() => keptApiAnswers(offline)).not.toContain('/api/auth/me');
  await context.setOffline(true);
  await offline.reload();
  await expect(offline.getByText('Rate players during live matches')).toBeVisible();
  await expect(offline.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await context.setOffline(false);

  expect(offlineErrors(), 'console errors on the offline tab').toEqual([]);
  await offline.close();
});
