import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { AUTH_ERRORS, AUTH_MESSAGES } from '../../src/shared/auth';
import {
  expect,
  expectAccessible,
  isPhone,
  mailedLinkFor,
  registerVerified,
  signIn,
  test,
  verificationLinkFor,
} from './support/fixtures';
import { smallTouchTargets } from './support/keyboard';
import { serverOfWorker } from './support/servers';

// Account recovery: forgotten passwords, verification links sent again, and social sign-in callbacks
// that this browser did not start.

const SHOTS = '/tmp/shots';

/**
 * A new screen: axe-clean (best practices too), one h1, titled, and on the phone every target at least
 * 44x44 (bar WCAG's exceptions) and a screenshot in /tmp/shots.
 */
async function checkNewScreen(page: Page, name: string): Promise<void> {
  await expect(page.locator('h1'), `one h1 on ${name}`).toHaveCount(1);
  expect(await page.title(), `document title on ${name}`).not.toBe('');
  await expectAccessible(page, name);
  if (!isPhone(test.info())) return;
  const { small } = await smallTouchTargets(page);
  expect(
    small.filter((target) => !target.exception),
    `targets under 44x44 CSS px on ${name}`,
  ).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name.replaceAll(' ', '-')}-390.png`, fullPage: true });
}

/** An API client with cookies of its own, as another browser would have. */
async function otherBrowser(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: `http://127.0.0.1:${serverOfWorker(test.info().parallelIndex).port}`,
  });
}

/** Signs an address up from `api`, a browser of its own (its sign-up cookie stays there). */
async function signUpFrom(api: APIRequestContext, email: string, password: string, name: string) {
  const registered = await api.post('/api/auth/register', {
    data: { email, password, name, newsletterOptIn: false },
  });
  expect(registered.status()).toBe(201);
}

test('a fan who forgot the password sets a new one from the mailed link: the old one is refused, the new one signs in', async ({
  page,
  server,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  await registerVerified(page, server, email, 'old-password-1');

  // The sign-in form links to the request screen, taking the typed address along but not in the link.
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  const forgot = page.getByRole('link', { name: 'Forgot password?' });
  expect(await forgot.getAttribute('href')).toBe('/forgot-password');
  await forgot.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  expect(page.url()).not.toContain(encodeURIComponent(email));
  expect(page.url()).not.toContain(email);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await checkNewScreen(page, 'forgot password');

  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sent = page.getByRole('heading', { level: 1, name: 'Check Your Email' });
  await expect(sent).toBeVisible();
  // The form that had the focus is gone: the focus moves to the new heading.
  await expect(sent).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: AUTH_MESSAGES.resetRequested })).toBeVisible();
  await checkNewScreen(page, 'reset link sent');

  // The mailed link: the token leaves the address bar as soon as the screen has read it.
  const link = await mailedLinkFor(server, email, '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  expect(new URL(page.url()).pathname).toBe('/reset-password');
  await checkNewScreen(page, 'reset password');

  // Sign-up's rules apply before the server is asked.
  const password = page.getByLabel('New password');
  await password.fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(AUTH_ERRORS.passwordTooShort.message)).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await password.fill('new-password-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  const toasts = page.getByRole('region', { name: /^Notifications/ });
  await expect(toasts.getByText('Password changed')).toBeVisible();
  await expect(toasts.getByText(AUTH_MESSAGES.passwordReset)).toBeVisible();
  // The change ended the session the e-mail verification had opened.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  await signIn(page, email, 'old-password-1');
  await expect(page.getByText(AUTH_ERRORS.invalidCredentials.message)).toBeVisible();
  await signIn(page, email, 'new-password-2');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Privacy & Consent' })).toBeVisible();

  // The link worked once: used again, it says so and offers a new one.
  await page.goto(link);
  await page.getByLabel('New password').fill('third-password-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Link Not Valid' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(AUTH_ERRORS.badResetToken.message);
  await checkNewScreen(page, 'reset link not valid');
  await page.getByRole('button', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();

  // A reset screen opened without a token says the same at once.
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText(AUTH_ERRORS.badResetToken.message);
  await expect(page.getByRole('button', { name: 'Request a new link' })).toBeVisible();
});

test('the forgot-password screen checks the address and says the same for an address with no account', async ({
  page,
  uniqueEmail,
}) => {
  // Every sign-in form links here: /login in sign-in mode and the signed-out home too.
  for (const path of ['/login', '/']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Forgot password?' }), path).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  }
  await page.goto('/forgot-password');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(AUTH_ERRORS.emailRequired.message)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: AUTH_MESSAGES.resetRequested })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test('an unverified fan sends a new verification link from the sign-in screen: the new link signs in, the first no longer works', async ({
  page,
  server,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  const password = 'unverified-password';
  // Signed up in this browser: a link it asks for again keeps the password chosen here.
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password, name: 'Late Verifier', newsletterOptIn: false },
  });
  expect(registered.status()).toBe(201);
  const first = await mailedLinkFor(server, email, '/confirm');

  await signIn(page, email, password);
  await expect(
    page.getByRole('alert').filter({ hasText: AUTH_ERRORS.emailNotVerified.message }),
  ).toBeVisible();
  const resend = page.getByRole('button', { name: 'Send a new verification link' });
  await expect(resend).toBeVisible();
  await checkNewScreen(page, 'sign-in with the resend offer');
  await resend.click();
  await expect(page.getByRole('status').filter({ hasText: AUTH_MESSAGES.verificationResent })).toBeVisible();
  await expect(resend).toHaveCount(0);
  await checkNewScreen(page, 'sign-in after the resend');

  // The new link signs the fan in on the spot.
  const second = await mailedLinkFor(server, email, '/confirm', { except: [first] });
  await page.goto(second);
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: AUTH_MESSAGES.verified })).toBeVisible();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await checkNewScreen(page, 'confirm success');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Privacy & Consent' })).toBeVisible();
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).user).toMatchObject({ email });

  // The first link was replaced by the second.
  await page.goto(first);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
});

test('a used verification link says so and sends a new one by mail; never "Sign Up Again"', async ({
  page,
  server,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  const api = await otherBrowser();
  await signUpFrom(api, email, 'used-link-password', 'Used Link');
  const link = await verificationLinkFor(server, email);
  const token = new URL(link).searchParams.get('token');
  expect((await api.post('/api/auth/confirm', { data: { token } })).status()).toBe(200);
  await api.dispose();

  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(AUTH_ERRORS.linkUsed.message);
  await expect(page.getByRole('button', { name: 'Sign Up Again' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign Up Again' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back to Sign In' })).toBeVisible();
  await checkNewScreen(page, 'confirm error');

  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText(AUTH_ERRORS.emailRequired.message)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByRole('status').filter({ hasText: AUTH_MESSAGES.verificationResent })).toBeVisible();
  await checkNewScreen(page, 'confirm error after the resend');

  await page.goto('/confirm');
  await expect(page.getByText('Verification token is missing from the URL')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
});

test('an address signed up twice before it was verified: the link asks its owner to choose the password', async ({
  page,
  server,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  const api = await otherBrowser();
  for (const password of ['first-signup-password', 'second-signup-password']) {
    await signUpFrom(api, email, password, 'Twice Signed');
  }
  await api.dispose();
  // Sign-up mails before it answers: the newest link is the second sign-up's.
  const link = await mailedLinkFor(server, email, '/confirm');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: AUTH_MESSAGES.choosePassword })).toBeVisible();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await checkNewScreen(page, 'confirm choose password');
  // No session yet: the password comes first.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  // The owner names themself: the name the account held may be a stranger's.
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(AUTH_ERRORS.nameRequired.message)).toBeVisible();
  await page.getByLabel('Full name').fill('Mailbox Owner');
  await page.getByLabel('New password').fill('chosen-password-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(
    page.getByRole('region', { name: /^Notifications/ }).getByText(AUTH_MESSAGES.passwordReset),
  ).toBeVisible();
  for (const old of ['first-signup-password', 'second-signup-password']) {
    await signIn(page, email, old);
    await expect(page.getByText(AUTH_ERRORS.invalidCredentials.message)).toBeVisible();
  }
  await signIn(page, email, 'chosen-password-3');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Privacy & Consent' })).toBeVisible();
  expect((await (await page.request.get('/api/auth/me')).json()).user.name).toBe('Mailbox Owner');
});

test("a signed-in fan who opens another account's verification link stays signed in as themself", async ({
  page,
  server,
  uniqueEmail,
}) => {
  // Someone signs up an address of their own in their browser and sends the fan its link.
  const email = uniqueEmail();
  const api = await otherBrowser();
  await signUpFrom(api, email, 'sender-password', 'Link Sender');
  await api.dispose();
  const link = await mailedLinkFor(server, email, '/confirm');

  await registerVerified(page, server, uniqueEmail(), 'own-fan-password');
  const before = (await (await page.request.get('/api/auth/me')).json()).user as { id: string; name: string };
  // Consent given, so no prompt hides the screen.
  const consent = await page.request.patch(`/api/user/${before.id}/consent`, {
    data: { consentGiven: true, geolocationConsent: false },
  });
  expect(consent.ok()).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'still signed in' })).toHaveText(
    `Email verified. You are still signed in as ${before.name}: sign out first to use the other account.`,
  );
  await checkNewScreen(page, 'confirm with another account signed in');
  await page.screenshot({ path: test.info().outputPath('confirm-kept-session.png') });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await (await page.request.get('/api/auth/me')).json()).user.id).toBe(before.id);
});

test('check your email offers "Resend email" after a 30 s wait shown on the button', async ({
  page,
  server,
  uniqueEmail,
}) => {
  const email = uniqueEmail();
  // The page's clock, so the 30 s pass at once.
  await page.clock.install();
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Patient Fan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('patient-password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
  const first = await mailedLinkFor(server, email, '/confirm');
  const resend = page.getByRole('button', { name: /^Resend email/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Resend email \((30|29) s\)$/);
  await checkNewScreen(page, 'check your email with the wait');

  await page.clock.fastForward(31_000);
  await expect(resend).toHaveText('Resend email');
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(page.getByRole('status').filter({ hasText: AUTH_MESSAGES.verificationResent })).toBeVisible();
  await expect(resend).toBeDisabled();
  await checkNewScreen(page, 'check your email after the resend');
  await mailedLinkFor(server, email, '/confirm', { except: [first] });
});

test.describe('login CSRF through the social callback link', () => {
  /** Another fan's real session token and user, from a password sign-in in another browser. */
  async function anotherFansCallback(
    page: Page,
    server: Parameters<typeof registerVerified>[1],
    email: string,
  ) {
    const api = await otherBrowser();
    await signUpFrom(api, email, 'attacker-password', 'Other Fan');
    const token = new URL(await verificationLinkFor(server, email)).searchParams.get('token');
    expect((await api.post('/api/auth/confirm', { data: { token } })).status()).toBe(200);
    const login = await api.post('/api/auth/login', { data: { email, password: 'attacker-password' } });
    const { user } = (await login.json()) as { user: { id: string } };
    const state = await api.storageState();
    const session = state.cookies.find((c) => c.name === 'matchday_session')?.value ?? '';
    expect(session).not.toBe('');
    await api.dispose();
    // The bearer token really is another fan's sign-in.
    const check = await page.request.get('/api/auth/me', {
      headers: { authorization: `Bearer ${session}` },
    });
    expect((await check.json()).user.id).toBe(user.id);
    return `/?auth=success&token=${encodeURIComponent(session)}&user=${encodeURIComponent(JSON.stringify(user))}`;
  }

  async function expectIgnored(page: Page) {
    // Not by role: a consent prompt that opens meanwhile hides the rest of the page from the tree.
    await expect(
      page.getByText('That sign-in link was not started here, so it was ignored.').first(),
    ).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  }

  test('login CSRF through the social callback link: a callback this browser did not start is ignored', async ({
    page,
    server,
    uniqueEmail,
  }) => {
    const crafted = await anotherFansCallback(page, server, uniqueEmail());
    await page.goto(crafted);
    await expectIgnored(page);
    if (isPhone(test.info())) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/callback-ignored-toast-390.png` });
    }
    // Signed out, on the sign-in home: nobody's account was opened.
    await expect(page.getByText('Rate players during live matches')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user_data'))).toBeNull();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await checkNewScreen(page, 'home after an ignored callback');
  });

  test('a callback is ignored even in a tab that started a social sign-in, when its cookie is not that fan', async ({
    page,
    server,
    uniqueEmail,
  }) => {
    // The fan is signed in as themself, and has just pressed the social button in this tab.
    const fan = uniqueEmail();
    await registerVerified(page, server, fan, 'own-password-1');
    const crafted = await anotherFansCallback(page, server, uniqueEmail());
    await page.goto('/signin');
    await page.evaluate(() =>
      sessionStorage.setItem('matchday_social_sign_in', JSON.stringify({ startedAt: Date.now() })),
    );
    await page.goto(crafted);
    await expectIgnored(page);
    expect(await page.evaluate(() => sessionStorage.getItem('matchday_social_sign_in'))).toBeNull();
    // Still themself: the other fan's token was never stored.
    const me = await page.request.get('/api/auth/me');
    expect((await me.json()).user).toMatchObject({ email: fan });
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Privacy & Consent' })).toBeVisible();
    const shown = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('user_data') ?? 'null') as { email?: string } | null)?.email,
    );
    expect(shown).toBe(fan);
  });
});
