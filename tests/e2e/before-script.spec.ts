import { expect, pageTookOver, registerVerified, test } from './support/fixtures';
import { startMatchAsAdmin } from './support/match-day';

/**
 * A visitor on a weak connection uses the screens the server draws before the page's script arrives:
 * with script off altogether, the home shows the live match, its links open the season's pages, and the
 * sign-in form signs in by a plain post. With script on but late, what the visitor typed in the drawing
 * is still there, with the cursor, once the page takes over.
 */

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('the home shows the live match, links work and the sign-in form posts', async ({ page, server }) => {
    const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Everton before script');
    try {
      const email = `before-script-${Date.now()}@e2e.invalid`;
      const password = 'before script password 1';
      await registerVerified(page, server, email, password);
      await page.context().clearCookies();

      await page.goto('/');
      await expect(page.getByRole('region', { name: live.match.title, exact: true })).toBeVisible();
      await page.getByRole('link', { name: 'Season table' }).click();
      await expect(page).toHaveURL(/\/season$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // A refused sign-in comes back to the form, saying why.
      await page.goto('/signin');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('not the password 1');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL(/\/signin\?failed=/);
      await expect(page.getByText('Authentication failed')).toBeVisible();

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      // Signed in: the fan's own home, drawn by the server, with the match to rate.
      await expect(page.getByText(live.match.title).first()).toBeVisible();
      await expect(page.locator('#home-email')).toHaveCount(0);
    } finally {
      await live.admin.dispose();
    }
  });
});

test('what was typed before the page took over stays, with the cursor', async ({ page }) => {
  // The entry script arrives late, as on a weak connection: the visitor types into the drawing first.
  let release: () => void = () => undefined;
  const late = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await late;
    await route.continue();
  });
  await page.goto('/signin', { waitUntil: 'commit' });
  const email = page.getByLabel('Email');
  await email.fill('early@e2e.invalid');
  await expect(email).toBeFocused();
  release();
  await pageTookOver(page);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await expect(email).toHaveValue('early@e2e.invalid');
  await expect(email).toBeFocused();
});
