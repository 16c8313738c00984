import { OAUTH_FAILURES } from '../../src/shared/auth';
import { expect, expectAccessible, test } from './support/fixtures';

// The e2e servers point OAUTH_GOOGLE_* at a real OpenID Connect provider (support/start-server.ts);
// any login typed at its sign-in page is a fan with that verified e-mail.

test('a fan signs in through the social provider, consents there, and lands signed in with the consent prompt', async ({
  page,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  await page.goto('/signin');
  const social = page.getByRole('button', { name: 'Continue with Google' });
  await expect(social).toBeVisible();
  await expectAccessible(page, 'sign-in with the social button');
  await social.click();

  // The provider's own pages.
  await expect(page.getByRole('heading', { name: 'Sign in to Test Identity Provider' })).toBeVisible();
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password').fill('anything');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Allow Matchday to use your account?' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();

  // Home, signed in: the callback's token and user are gone from the address, kept in storage.
  const consent = page.getByRole('dialog');
  await expect(consent.getByRole('heading', { name: 'Privacy & Consent' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).search).toBe('');
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token'),
    user: JSON.parse(localStorage.getItem('user_data') ?? 'null') as { email?: string } | null,
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.user?.email).toBe(email);
  await expectAccessible(page, 'consent after social sign-in');

  await consent.getByRole('button', { name: 'Accept' }).click();
  await expect(consent).toBeHidden();
  await expect(page.getByRole('banner').getByText('Live Player Ratings')).toBeVisible();
  // The session cookie from the callback is the same sign-in as the bearer token.
  const me = await page.request.get('/api/auth/me');
  expect((await me.json()).user).toMatchObject({ email, name: 'Social Fan', consentGiven: true });

  // Signed in again later: straight home, no consent asked twice.
  await page.reload();
  await expect(page.getByRole('banner').getByText('Live Player Ratings')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privacy & Consent' })).toHaveCount(0);
});

test('the social button is on the sign-up, /login and signed-out home screens', async ({ page }) => {
  for (const path of ['/signup', '/login', '/']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Continue with Google' }), path).toBeVisible();
  }
});

test('denying at the provider lands on the sign-in screen with a clear message', async ({
  page,
  uniqueEmail,
}) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Email or username').fill(uniqueEmail());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Deny' }).click();

  await expect(page).toHaveURL(/\/signin\?auth=error&reason=access_denied$/);
  await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(OAUTH_FAILURES.access_denied);
  await expectAccessible(page, 'sign-in after a denied social sign-in');
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});
