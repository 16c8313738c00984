import {
  expect,
  expectAccessible,
  registerVerified,
  signIn,
  test,
  verificationLinkFor,
} from './support/fixtures';

test('a fan signs up, verifies the e-mail from the mail (which signs in), consents, stays signed in and signs out', async ({
  page,
  server,
  uniqueEmail,
}) => {
  // Sign-up, the mail, sign-in, consent and several axe scans: over a minute on a busy 2-core machine.
  const email = uniqueEmail();
  const password = 'a-good-password';

  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'sign-up');
  await page.getByLabel('Full name').fill('Erling Fan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check Your Email')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page, 'check your email');

  // Sign-in is blocked until the address is verified.
  await signIn(page, email, password);
  await expect(page.getByText(/verify your email/i)).toBeVisible();

  // The mailed link verifies the address and signs the fan in.
  const link = await verificationLinkFor(server, email);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Email Verified!')).toBeVisible();
  await expectAccessible(page, 'email verified');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  const consent = page.getByRole('dialog');
  await expect(consent.getByRole('heading', { name: 'Privacy & Consent' })).toBeVisible();
  await expect(consent.getByRole('checkbox', { name: 'Required: Rating data collection' })).toBeChecked();
  await expect(consent.getByRole('checkbox', { name: 'Required: Rating data collection' })).toBeDisabled();
  await expectAccessible(page, 'consent modal');
  await consent.getByRole('checkbox', { name: 'Optional: Geolocation data' }).click();
  await consent.getByRole('button', { name: 'Accept' }).click();
  await expect(consent).toBeHidden();
  await expect(page.getByRole('banner').getByText('Live Player Ratings')).toBeVisible();
  await expectAccessible(page, 'signed-in home');

  const me = await page.request.get('/api/auth/me');
  expect((await me.json()).user).toMatchObject({ email, consentGiven: true, geolocationConsent: true });

  await page.reload();
  await expect(page.getByRole('banner').getByText('Live Player Ratings')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privacy & Consent' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page.getByText('Rate players during live matches')).toBeVisible();
  await expectAccessible(page, 'signed-out home');
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  expect(
    await page.evaluate(() => [localStorage.getItem('user_data'), localStorage.getItem('auth_token')]),
  ).toEqual([null, null]);
});

test('declining consent signs the fan out', async ({ page, server, uniqueEmail }) => {
  const email = uniqueEmail();
  await registerVerified(page, server, email, 'decline-password');
  await signIn(page, email, 'decline-password');
  const consent = page.getByRole('dialog');
  await expect(consent.getByRole('heading', { name: 'Privacy & Consent' })).toBeVisible();
  await consent.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Rate players during live matches')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('a wrong password shows the server message and stays on the sign-in screen', async ({
  page,
  server,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  await registerVerified(page, server, email, 'right-password');
  await signIn(page, email, 'wrong-password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
});

test('/login toggles between sign-in and register, with submit disabled until filled', async ({ page }) => {
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(submit).toBeDisabled();
  await expectAccessible(page, '/login sign-in mode');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('whatever-password');
  await expect(submit).toBeEnabled();
  await page
    .getByRole('button', { name: /sign up|register|create/i })
    .last()
    .click();
  await expect(page.getByLabel('Full name')).toBeVisible();
  // What was typed carries over to the other mode.
  await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await page.getByLabel('Full name').fill('Someone');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  await expectAccessible(page, '/login register mode');
});

test('/login signs in and redirects home after a short delay', async ({ page, server, uniqueEmail }) => {
  const email = uniqueEmail();
  await registerVerified(page, server, email, 'login-page-password');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('login-page-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  await expect(page.getByRole('heading', { name: 'Privacy & Consent' })).toBeVisible();
});

test('the confirm screen explains a bad or missing token and offers a new link or to sign up again', async ({
  page,
}) => {
  await page.goto('/confirm?token=not-a-real-token');
  await expect(page.getByText('Verification Failed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up Again' })).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: 'Back to Sign In' })
      .or(page.getByRole('button', { name: 'Back to Sign In' })),
  ).toBeVisible();
  await expectAccessible(page, 'verification failed');
  await page.goto('/confirm');
  await expect(page.getByText('Verification token is missing from the URL')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Up Again' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('sign-up checks the form before calling the server', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Short Pass');
  await page.getByLabel('Email').fill('short@example.com');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
});
