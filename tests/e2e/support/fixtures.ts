import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { type E2EServer, serverOfWorker } from './servers';

let seq = 0;

/** Answers the tests provoke on purpose (signed-out checks, refused logins) are logged by Chromium too. */
/**
 * Messages that are the product working: 4xx answers the tests provoke, and Chromium reporting that the
 * sandboxed frame of an embedded banner (an earlier test on the worker's server may have set one) may not run script.
 */
const EXPECTED_CONSOLE =
  /Failed to load resource: the server responded with a status of (400|401|403|409|429)|Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

const GOOGLE_TAGS = /^https:\/\/(www\.googletagmanager\.com|[^/]*google-analytics\.com)\//;

export const test = base.extend<{
  server: E2EServer;
  uniqueEmail: () => string;
  consoleErrors: undefined;
}>({
  // Any other console error (a script error, a CSP violation) fails the test.
  consoleErrors: [
    async ({ page }, use) => {
      // Google's tag hosts are a third party: a local stand-in answers with an empty script.
      await page
        .context()
        .route(GOOGLE_TAGS, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_CONSOLE.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(undefined);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
  // A screen the server drew is live before the page's script takes it over (a form posts, a link
  // navigates), but what a test checks after a navigation is the page's own behaviour: goto and reload
  // wait for the takeover. The screens before it are before-script.spec.ts's.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== 'commit') await drawingTakenOver(page);
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil !== 'commit') await drawingTakenOver(page);
        return response;
      };
    }
    await use(page);
  },
  // The worker's own server (servers.ts): every page, request and helper of the test talks to it.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's first argument by destructuring.
  server: async ({}, use, testInfo) => {
    await use(serverOfWorker(testInfo.parallelIndex));
  },
  baseURL: async ({ server }, use) => {
    await use(`http://127.0.0.1:${server.port}`);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's first argument by destructuring.
  uniqueEmail: async ({}, use, testInfo) => {
    await use(() => `fan-${testInfo.project.name}-${Date.now()}-${++seq}@example.com`);
  },
});
export { expect };

/** Whether the test runs in the phone project (390x844), else the desktop one (1280x800). */
export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'phone';
}

/** The verification link from the newest mail to `email` (no SMTP_URL in e2e: the server's outbox). */
export async function verificationLinkFor(server: E2EServer, email: string): Promise<string> {
  return `http://127.0.0.1:${server.port}${await mailedLinkFor(server, email, '/confirm')}`;
}

/**
 * The newest link to `pathname` (`/confirm`, `/reset-password`) in a mail to `email`, other than the
 * links in `except` (waits for a new mail to arrive). Returned as a path, ready for page.goto.
 */
export async function mailedLinkFor(
  server: E2EServer,
  email: string,
  pathname: '/confirm' | '/reset-password',
  { except = [] }: { except?: string[] } = {},
): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  const pattern = new RegExp(`https?://\\S+${pathname}\\?token=\\S+`);
  for (let attempt = 0; attempt < 150; attempt++) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .reverse();
    } catch {}
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(outbox, file)));
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
      if (!to.includes(email)) continue;
      const link = mail.text?.match(pattern)?.[0];
      if (!link) continue;
      const local = link.replace(/^https?:\/\/[^/]+/, '');
      // The newest mail of this kind decides: an older one is never taken for a new one.
      if (except.includes(local)) break;
      return local;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no new ${pathname} mail for ${email} in ${outbox}`);
}

/**
 * axe rules this project exempts, each with why. Keep it short: anything not listed fails.
 */
const AXE_EXEMPTIONS: Record<string, string> = {};

/** Every WCAG 2.0-2.2 A/AA rule and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The open dialog: what a scan of a dialog's state covers, since a modal dialog hides the page under it. */
export const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * axe-core on the current screen (or the part `within` selects): no violation of any level, bar the rules
 * in AXE_EXEMPTIONS.
 */
export async function expectAccessible(
  page: Page,
  context: string,
  { within }: { within?: string } = {},
): Promise<void> {
  // A toast that closes during the scan would be judged half faded: the pointer on the toasts pauses
  // their timers (Radix), so they are scanned as a person reads them.
  const toasts = page.getByRole('region', { name: /^Notifications/ }).locator('li');
  if ((await toasts.count()) > 0)
    await toasts
      .first()
      .hover({ timeout: 2_000 })
      .catch(() => undefined);
  await settleAnimations(page);
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const results = await builder
    .withTags(AXE_TAGS)
    // An admin's embedded banner runs in a frame without scripts, which axe cannot enter; its HTML is not ours.
    .exclude('iframe[title="Sponsored content"]')
    .disableRules(Object.keys(AXE_EXEMPTIONS))
    // axe.run in the page itself: the default mode finishes every scan in a blank page of its own, which
    // costs more than a second a scan and adds nothing for our same-origin screens.
    .setLegacyMode(true)
    // Only violations are read: axe then skips gathering every passing node, most of a scan's time.
    .options({ resultTypes: ['violations'] })
    .analyze();
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join(' | ')}`,
  );
  expect(violations, `axe violations on ${context}`).toEqual([]);
}

/** Registers through the API and verifies through the mailed link, for tests that start signed up. */
export async function registerVerified(
  page: Page,
  server: E2EServer,
  email: string,
  password: string,
  name = 'E2E Fan',
) {
  const res = await page.request.post('/api/auth/register', {
    data: { email, password, name, newsletterOptIn: false },
  });
  expect(res.status()).toBe(201);
  const token = new URL(await verificationLinkFor(server, email)).searchParams.get('token');
  const confirm = await page.request.post('/api/auth/confirm', { data: { token } });
  expect(confirm.status()).toBe(200);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Signs in an account that may or may not have answered the consent prompt (the shared e2e admin), and
 * accepts it when asked. The prompt's code is fetched after the first render, so whether it will open is
 * read from the server rather than from the screen.
 */
export async function signInAndConsent(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { consentGiven: boolean } };
  if (me.user.consentGiven) return;
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/**
 * Console errors of a page outside the `page` fixture (a second browser context), for tests that cut
 * the network on purpose: Chromium then logs every refused request, which `allowed` lets through.
 * Returns the errors seen so far; expect it to be empty at the end.
 */
export function watchConsoleErrors(page: Page, allowed?: RegExp): () => string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (EXPECTED_CONSOLE.test(text) || allowed?.test(text)) return;
    errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return () => errors;
}

/**
 * Contrast is judged on what a person sees at rest: lets entrance animations (toasts, dialogs) finish.
 * Endless ones (the LIVE pulse, spinners) are left running.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' ||
              a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
}

/** Until a screen the server drew (a root with markup in it) is held by the page's own render. */
async function drawingTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return (
      !root ||
      root.childElementCount === 0 ||
      Object.keys(root).some((key) => key.startsWith('__reactContainer'))
    );
  });
}

/**
 * Waits until the page's own render holds the screen. A signed-in fan's home arrives drawn by the server
 * and is then replaced by the page's render: a tap on the server's keys before that does nothing.
 */
export async function pageTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
  );
}
