import { readFileSync } from 'node:fs';
import type { AccountExport } from '../../src/shared/account';
import { expect, expectAccessible, OPEN_DIALOG, signIn, test } from './support/fixtures';
import { closeWithEscape } from './support/keyboard';
import {
  acceptConsent,
  clearTrackingIdsAsAdmin,
  E2E_TAGS,
  geolocationCalls,
  openAccountDialog,
  saveTrackingIdsAsAdmin,
  signInNewFan,
  spyOnGeolocation,
} from './support/privacy';

const GOOGLE = /^https:\/\/www\.googletagmanager\.com\//;
const PASSWORD = 'a-good-password';

type LayerCall = unknown[] | Record<string, unknown>;
/** window.dataLayer as plain values (gtag pushes Arguments objects), or null when there is none. */
const dataLayerOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer;
    if (!layer) return null;
    return layer.map((entry) =>
      entry && typeof entry === 'object' && 'length' in entry
        ? Array.from(entry as ArrayLike<unknown>)
        : entry,
    ) as LayerCall[];
  });

test('tracking tags load only after the signed-in fan consents, with consent mode denied first', async ({
  page,
  server,
  baseURL,
  uniqueEmail,
}) => {
  // The tracking ids are the server's: set here, cleared at the end.
  await saveTrackingIdsAsAdmin(baseURL ?? '');
  try {
    const googleRequests: string[] = [];
    // No internet here: Google's tag host is answered locally, and every request to it is recorded.
    await page.route(GOOGLE, (route) => {
      googleRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: '' });
    });
    const tags = page.locator('script[src^="https://www.googletagmanager.com/"]');

    // A signed-out visitor: no tag, no dataLayer, no request.
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(tags).toHaveCount(0);
    expect(await dataLayerOf(page)).toBeNull();

    // Signed in, the consent prompt still open: still nothing.
    await signInNewFan(page, server, uniqueEmail(), PASSWORD, 'Tracked Fan');
    await page.waitForLoadState('networkidle');
    await expect(tags).toHaveCount(0);
    expect(await dataLayerOf(page)).toBeNull();
    expect(googleRequests).toEqual([]);

    await acceptConsent(page, { geolocation: false });
    await expect(page.locator(`head script[src*="gtm.js?id=${E2E_TAGS.gtmContainerId}"]`)).toHaveCount(1);
    await expect(page.locator(`head script[src*="gtag/js?id=${E2E_TAGS.ga4MeasurementId}"]`)).toHaveCount(1);
    await expect.poll(() => googleRequests.length).toBeGreaterThanOrEqual(2);
    expect(googleRequests.some((u) => u.includes(`gtm.js?id=${E2E_TAGS.gtmContainerId}`))).toBe(true);

    // Consent mode: every storage denied before anything else, then analytics granted, then the tags.
    await expect.poll(async () => JSON.stringify(await dataLayerOf(page))).toContain('app_initialized');
    const layer = (await dataLayerOf(page)) ?? [];
    expect(layer[0]).toEqual([
      'consent',
      'default',
      expect.objectContaining({
        ad_storage: 'denied',
        analytics_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      }),
    ]);
    const grant = layer.findIndex((e) => Array.isArray(e) && e[0] === 'consent' && e[1] === 'update');
    const start = layer.findIndex((e) => !Array.isArray(e) && e.event === 'gtm.js');
    expect(layer[grant]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(grant).toBeGreaterThan(0);
    expect(start).toBeGreaterThan(grant);
    expect(layer).toContainEqual(['config', E2E_TAGS.ga4MeasurementId, { page_path: '/' }]);

    // A reload of a consented fan loads them once, straight away.
    await page.reload();
    await expect(page.locator(`head script[src*="gtm.js?id=${E2E_TAGS.gtmContainerId}"]`)).toHaveCount(1);
  } finally {
    await clearTrackingIdsAsAdmin(baseURL ?? '');
  }
});

test('geolocation is never asked for without the opt-in', async ({ page, server, uniqueEmail }) => {
  await spyOnGeolocation(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(await geolocationCalls(page)).toEqual([]);

  await signInNewFan(page, server, uniqueEmail(), PASSWORD, 'Private Fan');
  await acceptConsent(page, { geolocation: false });
  await page.waitForLoadState('networkidle');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Your account: Private Fan' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const me = (await (await page.request.get('/api/auth/me')).json()) as {
    user: { geolocationConsent: boolean };
  };
  expect(me.user.geolocationConsent).toBe(false);
  // The page never asked; the spy itself does see a call (so the empty list means something).
  expect(await geolocationCalls(page)).toEqual([]);
  await page.evaluate(() => navigator.geolocation.watchPosition(() => undefined));
  expect(await geolocationCalls(page)).toEqual(['watchPosition']);
});

test('a fan downloads their data, then deletes the account and is signed out for good', async ({
  page,
  server,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  const name = 'Leaving Fan';
  await signInNewFan(page, server, email, PASSWORD, name);
  await acceptConsent(page, { geolocation: true });
  const width = page.viewportSize()?.width ?? 0;

  // Download my data: a dated JSON file holding the fan and no secret.
  const dialog = await openAccountDialog(page, name);
  await expect(dialog.getByRole('button', { name: 'Download my data' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeVisible();
  await expectAccessible(page, 'account dialog', { within: OPEN_DIALOG });
  await page.screenshot({ path: test.info().outputPath(`privacy-account-${width}.png`) });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^matchday-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const text = readFileSync(file, 'utf8');
  const data = JSON.parse(text) as AccountExport;
  expect(data.profile).toMatchObject({ email, name, isAdmin: false, signInMethods: ['password'] });
  expect(data.consent).toMatchObject({ given: true, geolocation: true, policyVersion: '2025-09-03' });
  expect(data.ratings).toEqual([]);
  expect(data.votes).toEqual([]);
  expect(text).not.toMatch(/passwordHash|argon2|tokenHash/);
  await expect(dialog.getByText('Your data was downloaded as a JSON file.')).toBeVisible();

  // Delete account: a confirm step that keeps focus and gives it back when cancelled.
  const deleteButton = dialog.getByRole('button', { name: 'Delete account' });
  await deleteButton.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('Kept without your name')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Delete my account' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'delete confirmation', { within: OPEN_DIALOG });
  await page.screenshot({ path: test.info().outputPath(`privacy-confirm-${width}.png`) });
  await closeWithEscape(page, confirm);
  await expect(deleteButton).toBeFocused();

  await deleteButton.click();
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Account deleted').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Your account: ${name}` })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await page.screenshot({ path: test.info().outputPath(`privacy-deleted-${width}.png`) });
  // The dialogs went with the account: nothing of them blocks the signed-out screen.
  expect(await page.evaluate(() => document.body.style.pointerEvents)).toBe('');
  await page.getByLabel('Email').click();
  await expect(page.getByLabel('Email')).toBeFocused();
  expect(
    await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('user_data')]),
  ).toEqual([null, null]);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  // The credentials no longer work, and the address may sign up again.
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  const again = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, name: 'Back Again', newsletterOptIn: false },
  });
  expect(again.status()).toBe(201);
});
