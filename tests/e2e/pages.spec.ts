import { expect, expectAccessible, registerVerified, signIn, test } from './support/fixtures';
import { E2E_ADMIN } from './support/servers';

test('privacy policy, terms and the 404 page', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Privacy');
  await expect(page.getByText(/September 3, 2025/)).toBeVisible();
  await expect(page.getByText(/30 days/).first()).toBeVisible();
  await expect(page.getByText(/13/).first()).toBeVisible();
  await expectAccessible(page, '/privacy');

  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
  await expect(page.getByText(/October 7, 2025/)).toBeVisible();
  await expectAccessible(page, '/terms');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectAccessible(page, '404');
});

test('the sign-in screen, with the social button hidden while no provider is configured', async ({
  page,
}) => {
  // The e2e servers do configure one (tests/e2e/oauth.spec.ts): this screen is shown as without it.
  await page.route('**/api/auth/providers', (route) => route.fulfill({ json: { google: false } }));
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(
    page.getByRole('link', { name: /google/i }).or(page.getByRole('button', { name: /google/i })),
  ).toHaveCount(0);
  await page.getByLabel('Password', { exact: true }).fill('secret-value');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: /show password/i }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await expectAccessible(page, '/signin');
});

test('the admin panel refuses signed-out visitors and fans, and opens for admins', async ({
  page,
  server,
  uniqueEmail,
}) => {
  await page.goto('/admin');
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await expectAccessible(page, 'admin: authentication required');

  const email = uniqueEmail();
  await registerVerified(page, server, email, 'fan-password-1');
  await signIn(page, email, 'fan-password-1');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin panel")).toBeVisible();
  await expectAccessible(page, 'admin: access denied');

  await page.request.post('/api/auth/logout');
  await page.evaluate(() => localStorage.clear());
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page.getByText('Access Denied')).toHaveCount(0);
  await expect(page.getByText('Authentication Required')).toHaveCount(0);
});
