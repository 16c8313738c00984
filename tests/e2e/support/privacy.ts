import { expect, type Page, request } from '@playwright/test';
import { registerVerified, signIn } from './fixtures';
import { E2E_ADMIN, type E2EServer } from './servers';

/**
 * The ids the match-day spec saves too: both specs may run at once on one server, and neither then
 * sees the other's ids in its page.
 */
export const E2E_TAGS = { gtmContainerId: 'GTM-E2E1234', ga4MeasurementId: 'G-E2E12345' };

/** As the admin, through the API: saves the GTM and GA4 ids (Scripts & Pixels). */
export async function saveTrackingIdsAsAdmin(baseURL: string): Promise<void> {
  const admin = await request.newContext({ baseURL });
  try {
    expect((await admin.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
    expect((await admin.post('/api/admin/tracking', { data: E2E_TAGS })).status()).toBe(200);
    const scripts = (await (await admin.get('/api/scripts/tracking')).json()) as typeof E2E_TAGS;
    expect(scripts).toMatchObject(E2E_TAGS);
  } finally {
    await admin.dispose();
  }
}

/** Clears the tracking ids again: tests in contexts of their own have no stand-in for Google's hosts. */
export async function clearTrackingIdsAsAdmin(baseURL: string): Promise<void> {
  const admin = await request.newContext({ baseURL });
  try {
    expect((await admin.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
    const cleared = await admin.post('/api/admin/tracking', {
      data: { gtmContainerId: null, ga4MeasurementId: null },
    });
    expect(cleared.status()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

/** Watches geolocation from before the first script: every call the page makes is counted. */
export async function spyOnGeolocation(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.defineProperty(window, '__geolocationCalls', { value: calls });
    const geo = navigator.geolocation;
    if (!geo) return;
    const getCurrentPosition = geo.getCurrentPosition.bind(geo);
    const watchPosition = geo.watchPosition.bind(geo);
    Object.defineProperty(geo, 'getCurrentPosition', {
      value: (...args: Parameters<Geolocation['getCurrentPosition']>) => {
        calls.push('getCurrentPosition');
        getCurrentPosition(...args);
      },
    });
    Object.defineProperty(geo, 'watchPosition', {
      value: (...args: Parameters<Geolocation['watchPosition']>) => {
        calls.push('watchPosition');
        return watchPosition(...args);
      },
    });
  });
}

export const geolocationCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __geolocationCalls?: string[] }).__geolocationCalls ?? null);

/** A verified fan signed in on the page, with the consent prompt showing (not answered yet). */
export async function signInNewFan(
  page: Page,
  server: E2EServer,
  email: string,
  password: string,
  name: string,
) {
  await registerVerified(page, server, email, password, name);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Privacy & Consent' })).toBeVisible();
}

/** Accepts the consent prompt, with or without the optional geolocation. */
export async function acceptConsent(page: Page, { geolocation }: { geolocation: boolean }) {
  const consent = page.getByRole('dialog');
  if (geolocation) await consent.getByRole('checkbox', { name: 'Optional: Geolocation data' }).click();
  await consent.getByRole('button', { name: 'Accept' }).click();
  await expect(consent).toBeHidden();
}

/** Opens the account dialog from the avatar in the header. */
export async function openAccountDialog(page: Page, name: string) {
  await page.getByRole('button', { name: `Your account: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}
