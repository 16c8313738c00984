import { devices, type Page } from '@playwright/test';
import type { Player } from '../../src/shared/players';
import {
  expect,
  expectAccessible,
  isPhone,
  OPEN_DIALOG,
  registerVerified,
  signIn,
  signInAndConsent,
  test,
  verificationLinkFor,
} from './support/fixtures';
import {
  closeWithEscape,
  expectFocusVisible,
  hasFocus,
  type SmallTarget,
  smallTouchTargets,
  tabTo,
} from './support/keyboard';
import { apiFan, type E2ELiveMatch, startMatchAsAdmin } from './support/match-day';
import { E2E_ADMIN } from './support/servers';

const PASSWORD = 'a11y-fan-password';
const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Fails on any target under 44x44 that meets neither WCAG 2.2 exception (inline, spacing). */
async function expectTouchTargets(page: Page, context: string): Promise<SmallTarget[]> {
  const { checked, small } = await smallTouchTargets(page);
  expect(checked, `interactive elements measured on ${context}`).toBeGreaterThan(0);
  test.info().annotations.push({ type: 'touch targets measured', description: `${context}: ${checked}` });
  // Kept in the report: which targets pass only through an exception, and which one.
  for (const target of small.filter((t) => t.exception))
    test.info().annotations.push({
      type: 'touch target exception',
      description: `${context}: "${target.name}" ${target.width}x${target.height} (${target.exception})`,
    });
  expect(
    small.filter((target) => !target.exception),
    `targets under 44x44 CSS px on ${context}`,
  ).toEqual([]);
  return small;
}

/** The page's only h1 and its title. */
async function expectOneH1(page: Page, context: string) {
  await expect(page.locator('h1'), `one h1 on ${context}`).toHaveCount(1);
  expect(await page.title(), `document title on ${context}`).not.toBe('');
}

async function checkScreen(page: Page, context: string, { targets = false } = {}) {
  await expectOneH1(page, context);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expectAccessible(page, context);
  if (targets) await expectTouchTargets(page, context);
}

test.describe('screens without a live match', () => {
  test(
    'signed-out, auth, legal and 404 screens: axe-clean, one h1, titled, a skip link first, 44 px targets on phones',
    { tag: '@both-sizes' },
    async ({ page, server, uniqueEmail }, testInfo) => {
      const phone = isPhone(testInfo);
      const screens: [string, string, RegExp][] = [
        ['/', 'signed-out home', /./],
        ['/signin', 'sign-in', /sign in/i],
        ['/signup', 'sign-up', /sign up|create/i],
        ['/login', 'login', /./],
        ['/confirm?token=not-a-real-token', 'confirm (bad token)', /./],
        ['/forgot-password', 'forgot password', /./],
        ['/reset-password?token=not-a-real-token', 'reset password', /./],
        ['/privacy', 'privacy', /privacy/i],
        ['/terms', 'terms', /terms/i],
        ['/no/such/page', '404', /not found/i],
      ];
      const titles = new Set<string>();
      for (const [path, name, heading] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await checkScreen(page, name, { targets: phone });
        titles.add(await page.title());
        // The first Tab lands on the skip link, which shows itself and leads to the main content.
        await page.keyboard.press('Tab');
        const skip = page.getByRole('link', { name: 'Skip to main content' });
        await expect(skip).toBeFocused();
        await expect(skip).toBeInViewport();
        await expectFocusVisible(page, `skip link on ${name}`);
        expect(await skip.getAttribute('href')).toBe('#main');
      }
      // Each route names its tab (the auth screens may share one per screen kind).
      expect(titles.size).toBeGreaterThanOrEqual(5);

      // Form errors are tied to their fields.
      await page.goto('/signup');
      await tabTo(page, page.getByRole('button', { name: 'Create Account' }));
      await page.keyboard.press('Enter');
      const name = page.getByLabel('Full name');
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
      expect(describedBy).not.toBe('');
      await expect(name).toHaveAccessibleDescription(/.+/);
      await checkScreen(page, 'sign-up with errors', { targets: phone });

      // Check-your-email, the verified screen, then the consent prompt.
      const email = uniqueEmail();
      await page.goto('/signup');
      await page.getByLabel('Full name').fill('Axe Fan');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
      await checkScreen(page, 'check your email', { targets: phone });
      const link = await verificationLinkFor(server, email);
      await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
      await expect(page.getByText('Email Verified!')).toBeVisible();
      await checkScreen(page, 'email verified', { targets: phone });
      // The verified link signed the fan in: Continue leads home, to the consent prompt.
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      const consent = page.getByRole('dialog', { name: 'Privacy & Consent' });
      await expect(consent).toBeVisible();
      await expectAccessible(page, 'consent modal');
      if (phone) await expectTouchTargets(page, 'consent modal');
    },
  );
});

test.describe('admin', () => {
  test(
    'every admin tab and dialog is axe-clean',
    { tag: '@both-sizes' },
    async ({ page, server, uniqueEmail }, testInfo) => {
      // A fan of the test's own, found by name among the other specs' fans, given a new password and deleted.
      const targetName = `A11y Target ${testInfo.project.name} ${Date.now()}`;
      await registerVerified(page, server, uniqueEmail(), PASSWORD, targetName);
      await signInAndConsent(page, E2E_ADMIN.email, E2E_ADMIN.password);
      const tabs = [
        ['', 'Match Control'],
        ['squad', 'Squad Management'],
        ['analytics', 'Analytics'],
        ['users', 'User Management'],
        ['customise', 'Customise'],
        ['settings', 'Settings'],
        ['scripts', 'Scripts & Pixels'],
        ['publishing', 'Widgets & API'],
      ] as const;
      for (const [tab, title] of tabs) {
        await page.goto(tab ? `/admin?tab=${tab}` : '/admin');
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectOneH1(page, `admin ${title}`);
        await expectAccessible(page, `admin ${title}`);
      }
      if (isPhone(testInfo)) {
        await page.getByRole('button', { name: 'Open admin menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Admin menu' })).toBeVisible();
        await expectAccessible(page, 'admin menu');
        await closeWithEscape(page, page.getByRole('dialog', { name: 'Admin menu' }));
      }

      // Squad: add and edit player dialogs (closed without saving: the squad is shared with other specs).
      await page.goto('/admin?tab=squad');
      await page.getByRole('button', { name: 'Add Custom Player' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Custom Player' })).toBeVisible();
      await expectAccessible(page, 'add player dialog', { within: OPEN_DIALOG });
      await closeWithEscape(page, page.getByRole('dialog', { name: 'Add Custom Player' }));
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Edit Player' })).toBeVisible();
      await expectAccessible(page, 'edit player dialog', { within: OPEN_DIALOG });
      await closeWithEscape(page, page.getByRole('dialog', { name: 'Edit Player' }));

      // Users: add, edit, confirm a new password, the password shown, delete confirm.
      await page.goto('/admin?tab=users');
      await page.getByRole('button', { name: 'Add New User' }).click();
      await expect(page.getByRole('dialog', { name: 'Add New User' })).toBeVisible();
      await expectAccessible(page, 'add user dialog', { within: OPEN_DIALOG });
      await closeWithEscape(page, page.getByRole('dialog', { name: 'Add New User' }));
      await page.getByRole('button', { name: `Edit ${targetName}` }).click();
      await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
      await expectAccessible(page, 'edit user dialog', { within: OPEN_DIALOG });
      await closeWithEscape(page, page.getByRole('dialog', { name: 'Edit User' }));
      await page.getByRole('button', { name: `Generate a new password for ${targetName}` }).click();
      const confirmNew = page.getByRole('alertdialog');
      await expect(confirmNew).toBeVisible();
      await expectAccessible(page, 'new password confirm', { within: OPEN_DIALOG });
      await confirmNew.getByRole('button', { name: 'Generate Password' }).click();
      await expect(page.getByRole('dialog', { name: 'New Password Generated' })).toBeVisible();
      await expectAccessible(page, 'password shown dialog', { within: OPEN_DIALOG });
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: `Delete ${targetName}` }).click();
      const confirmDelete = page.getByRole('alertdialog', { name: `Delete ${targetName}?` });
      await expect(confirmDelete).toBeVisible();
      await expectAccessible(page, 'delete user confirm', { within: OPEN_DIALOG });
      await confirmDelete.getByRole('button', { name: 'Delete User' }).click();
      await expect(page.getByRole('button', { name: `Delete ${targetName}` })).toHaveCount(0);
    },
  );

  // The sidebar is the desktop's (the phone's drawer is checked for axe above): the desktop projects only.
  test('an admin works every tab with the keyboard: nav links, arrow-key tabs, dialogs closed with Escape', {
    tag: '@desktop-only',
  }, async ({ page }) => {
    await signInAndConsent(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Match Control' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const title of [
      'Squad Management',
      'Analytics',
      'User Management',
      'Customise',
      'Settings',
      'Scripts & Pixels',
      'Match Control',
    ]) {
      const link = nav.getByRole('link', { name: title });
      const forwards = await tabTo(page, link, { max: 40 }).catch(() => null);
      if (forwards === null) await tabTo(page, link, { backwards: true });
      await expectFocusVisible(page, `admin nav: ${title}`);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
      if (title === 'User Management')
        await page.screenshot({ path: test.info().outputPath('a11y-admin-users-1280.png') });
      // Tab through the tab's first controls: each shows where the focus is.
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        if ((await page.evaluate(() => document.activeElement === document.body)) === true) break;
        await expectFocusVisible(page, `${title}, stop ${i + 1}`);
      }
      await tabTo(page, link, { backwards: true });
    }

    // Match Preparation's steps are tabs: arrow keys move between them.
    const details = page.getByRole('tab', { name: '1. Match Details' });
    const squad = page.getByRole('tab', { name: '2. Match Day Squad' });
    await tabTo(page, page.getByRole('tab', { selected: true }));
    await expectFocusVisible(page, 'match preparation tab');
    const start = (await hasFocus(details)) ? details : squad;
    const other = start === details ? squad : details;
    await page.keyboard.press(start === details ? 'ArrowRight' : 'ArrowLeft');
    await expect(other).toBeFocused();
    await expect(other).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press(start === details ? 'ArrowLeft' : 'ArrowRight');
    await expect(start).toBeFocused();
    await expect(start).toHaveAttribute('aria-selected', 'true');

    // A dialog traps the focus and gives it back to its opener on Escape.
    const dialogs = [
      ['Squad Management', 'Add Custom Player', 'Add Custom Player'],
      ['Squad Management', /^Edit /, 'Edit Player'],
      ['User Management', 'Add New User', 'Add New User'],
    ] as const;
    for (const [tab, opener, title] of dialogs) {
      const link = nav.getByRole('link', { name: tab });
      const forwards = await tabTo(page, link, { max: 40 }).catch(() => null);
      if (forwards === null) await tabTo(page, link, { backwards: true });
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: tab })).toBeVisible();
      const button = page.getByRole('button', { name: opener }).first();
      await tabTo(page, button);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        expect(
          await dialog.evaluate((d) => d.contains(document.activeElement)),
          `focus stays in ${title}`,
        ).toBe(true);
      }
      await expectFocusVisible(page, `inside ${title}`);
      await closeWithEscape(page, dialog);
      await expect(button).toBeFocused();
    }
  });
});

/**
 * Starts a live match of the test's own on the worker's server and ends it afterwards. These tests run in
 * the phone project and open a desktop context themselves where they check both sizes.
 */
async function withLiveMatch(baseURL: string, opponent: string, run: (live: E2ELiveMatch) => Promise<void>) {
  const live = await startMatchAsAdmin(baseURL, opponent);
  try {
    await run(live);
  } finally {
    await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } });
    await live.admin.dispose();
  }
}

// From the phone project (both sizes inside where the test says so).
test.describe('with a live match', () => {
  test('a fan signs up, signs in, consents, rates everyone, picks MOTM, submits and reads the results with the keyboard alone', async ({
    page,
    server,
    uniqueEmail,
    baseURL,
  }, testInfo) => {
    await withLiveMatch(baseURL as string, 'Aston Villa', async (live) => {
      const email = uniqueEmail();
      const star = live.starters[0] as Player;
      const type = async (target: Parameters<typeof tabTo>[1], text: string) => {
        await tabTo(page, target);
        await expectFocusVisible(page, `field ${target}`);
        await page.keyboard.type(text);
      };

      // Sign up.
      await page.goto('/signup');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
      await type(page.getByLabel('Full name'), 'Keyboard Fan');
      await type(page.getByLabel('Email'), email);
      await type(page.getByLabel('Password', { exact: true }), PASSWORD);
      await tabTo(page, page.getByRole('button', { name: 'Create Account' }));
      await expectFocusVisible(page, 'Create Account');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();

      // The e-mail is confirmed from the outbox's link, which signs the fan in; Continue leads home.
      const link = await verificationLinkFor(server, email);
      await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
      await expect(page.getByText('Email Verified!')).toBeVisible();
      const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
      await tabTo(page, continueButton);
      await expectFocusVisible(page, 'Continue');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/$/);

      // Consent: the dialog holds the focus; Accept is reached with Tab.
      const consent = page.getByRole('dialog', { name: 'Privacy & Consent' });
      await expect(consent).toBeVisible();
      await expect.poll(() => consent.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await tabTo(page, consent.getByRole('button', { name: 'Accept' }), { max: 10 });
      await expectFocusVisible(page, 'Accept');
      await page.keyboard.press('Enter');
      await expect(consent).toBeHidden();

      // Rating: every card in the order a keyboard meets them.
      await expect(page.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
      const announcement = page.getByTestId('vote-progress-announcement');
      await expect(announcement).toHaveAttribute('aria-live', 'polite');
      await expect(announcement).toHaveText(`0 of ${live.available.length} rated`);
      const order = await page
        .getByRole('article')
        .evaluateAll((cards) =>
          cards.map((card) => card.querySelector('[data-player-name]')?.textContent ?? ''),
        );
      const byName = new Map(live.available.map((p) => [p.name, p]));
      const players = order.filter((name) => byName.has(name));
      expect(players.sort()).toEqual(live.available.map((p) => p.name).sort());
      const domOrder = order.filter((name) => byName.has(name));
      let rated = 0;
      for (const name of domOrder) {
        const value = name === star.name ? 10 : 7;
        const card = page.getByRole('article', { name });
        await expect(card.getByRole('group', { name: `Your rating for ${name}` })).toBeVisible();
        const button = card.getByRole('button', { name: `Rate ${name} ${value}`, exact: true });
        await tabTo(page, button);
        await expect(button).toHaveAccessibleName(`Rate ${name} ${value}`);
        await expect(button).toHaveAttribute('aria-pressed', 'false');
        await expectFocusVisible(page, `Rate ${name} ${value}`);
        if (rated === 0)
          await page
            .screenshot({ path: test.info().outputPath('a11y-rating-focus-390.png') })
            .catch(() => undefined);
        await page.keyboard.press(rated % 2 === 0 ? 'Space' : 'Enter');
        await expect(button).toHaveAttribute('aria-pressed', 'true');
        await expect(button).toBeFocused();
        rated += 1;
        await expect(announcement).toHaveText(`${rated} of ${live.available.length} rated`);
        if (name === star.name) {
          const motm = card.getByRole('button', { name: `Select as MOTM: ${name}`, exact: true });
          await tabTo(page, motm);
          await expect(motm).toHaveAttribute('aria-pressed', 'false');
          await expectFocusVisible(page, 'MOTM');
          await page.keyboard.press('Space');
          await expect(motm).toHaveAttribute('aria-pressed', 'true');
          await expect(motm).toHaveAccessibleName(`Select as MOTM: ${name}`);
        }
      }
      const others = page.getByRole('button', { name: /^Select as MOTM: /, pressed: true });
      await expect(others).toHaveCount(1);

      // Submit: on to the progress bar at the bottom of the screen, the page's next stop after the players.
      const submit = page
        .getByRole('region', { name: 'Voting Progress' })
        .getByRole('button', { name: 'Submit Vote' });
      await expect(submit).toBeEnabled();
      await expect(submit).toHaveAccessibleDescription('All set: submit your vote.');
      await tabTo(page, submit);
      await expectFocusVisible(page, 'Submit Vote');
      // Radix announces a toast through a live status element it keeps for a second: caught as it appears.
      const toastAnnounced = page.waitForFunction(
        () =>
          Array.from(document.querySelectorAll('[role="status"][aria-live]'))
            .filter((el) => el.textContent?.includes('Vote submitted successfully!'))
            .map((el) => `${el.getAttribute('aria-live')}: ${el.textContent}`)[0],
        undefined,
        { polling: 'raf', timeout: 15_000 },
      );
      await page.keyboard.press('Enter');
      // The progress has done its work and goes; the focus lands on the fan's result, in view.
      await expect(page.getByRole('region', { name: 'Voting Progress' })).toHaveCount(0);
      const result = page.locator('#motm-card');
      await expect(result).toBeFocused();
      await expect(result).toBeInViewport();
      // The toast shows in Radix's labelled region and is read out by its live status element.
      const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
      await expect(toasts.getByText('Vote submitted successfully!')).toBeVisible();
      expect(await (await toastAnnounced).jsonValue()).toMatch(
        /^(assertive|polite): Notification.* Vote submitted successfully!/,
      );

      // Results: the leaderboard and the MOTM are read out politely when they arrive.
      await expect(page.getByRole('heading', { name: 'Top Performers' })).toBeVisible();
      const board = page.getByTestId('leaderboard-announcement');
      await expect(board).toHaveAttribute('aria-live', 'polite');
      await expect(board).toContainText(`Top performers: 1. ${star.name}, 10.0`);
      await expect(page.locator('#motm-card [aria-live="polite"]')).toHaveText(
        `Man of the Match: ${star.name}.`,
      );
      // The keys give way to the fan's ratings as a table, its rows named by the player.
      await expect(page.getByRole('button', { name: `Rate ${star.name} 3`, exact: true })).toHaveCount(0);
      await expect(
        page
          .getByRole('table', { name: "Your ratings beside the fans' averages" })
          .getByRole('rowheader', { name: new RegExp(star.name) }),
      ).toBeVisible();

      // Figures that move without changing the top three are not read out again; a new top three is.
      const said = await board.textContent();
      const ranked = await page
        .locator('li[data-reorder-key]')
        .evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.reorderKey)));
      const riser = live.available.find((p) => p.id === ranked[3]) as Player;
      const rate = async (player: Player, rating: number) => {
        const fan = await apiFan(server, uniqueEmail());
        const answer = await fan.api.post('/api/ratings', {
          data: { userId: fan.userId, playerId: player.id, matchId: live.match.id, rating },
        });
        expect(answer.status()).toBeLessThan(300);
        await fan.api.dispose();
      };
      // The leader's average drops to 9.5 but the order stays: the last sentence (with 10.0) stands.
      await rate(star, 9);
      await expect(page.locator(`li[data-reorder-key="${star.id}"]`)).toContainText('9.5');
      await expect(board).toHaveText(said ?? '');
      await rate(riser, 10);
      await expect(page.getByText(`${live.available.length + 2} ratings`, { exact: true })).toBeVisible();
      // At most one announcement every ANNOUNCE_INTERVAL_MS (10 s): the new order may wait that long.
      await expect(board).toContainText(`1. ${star.name}, 9.5; 2. ${riser.name}, 8.5`, { timeout: 20_000 });
      await page.getByRole('heading', { name: 'Top Performers' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('a11y-results-390.png') });
      testInfo.annotations.push({ type: 'players rated by keyboard', description: String(rated) });
    });
  });

  test('rating, stats, account and results screens are axe-clean at 390 and 1280, with 44 px targets on the phone', async ({
    browser,
    server,
    uniqueEmail,
    baseURL,
  }) => {
    await withLiveMatch(baseURL as string, 'Newcastle United', async (live) => {
      const star = live.starters[0] as Player;
      for (const [size, options] of [
        ['390', PHONE],
        ['1280', DESKTOP],
      ] as const) {
        const context = await browser.newContext({ ...options, baseURL, serviceWorkers: 'block' });
        const page = await context.newPage();
        const email = uniqueEmail();
        await registerVerified(page, server, email, PASSWORD);
        await signIn(page, email, PASSWORD);
        await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
        await expect(page.getByRole('dialog')).toBeHidden();
        await expect(page.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await checkScreen(page, `${size}: rating`, { targets: size === '390' });
        if (size === '390') await page.screenshot({ path: test.info().outputPath('a11y-rating-390.png') });

        // A player's details open under the row: the stats link and how fans rated.
        const details = page.getByRole('button', { name: `${star.name}, details`, exact: true });
        await expect(details).toHaveAttribute('aria-expanded', 'false');
        await details.click();
        await expect(details).toHaveAttribute('aria-expanded', 'true');
        await checkScreen(page, `${size}: player details`, { targets: size === '390' });

        // Player stats (a lazy dialog): axe, Escape gives the focus back.
        const statsButton = page.getByRole('button', { name: `Stats for ${star.name}` });
        await statsButton.focus();
        await page.keyboard.press('Enter');
        const stats = page.getByRole('dialog', { name: star.name });
        await expect(stats.getByRole('heading', { name: 'Performance Stats' })).toBeVisible();
        await expectAccessible(page, `${size}: stats dialog`, { within: OPEN_DIALOG });
        if (size === '390') await expectTouchTargets(page, 'stats dialog');
        await page.keyboard.press('Escape');
        await expect(stats).toBeHidden();
        await expect(statsButton).toBeFocused();

        // Account (a lazy dialog too).
        const account = page.getByRole('button', { name: /^Your account/ });
        await account.focus();
        await page.keyboard.press('Enter');
        const accountDialog = page.getByRole('dialog');
        await expect(accountDialog).toBeVisible();
        await expectAccessible(page, `${size}: account dialog`, { within: OPEN_DIALOG });
        await page.keyboard.press('Escape');
        await expect(accountDialog).toBeHidden();
        await expect(account).toBeFocused();

        // Rate everyone, pick MOTM, submit: the voted screen.
        for (const player of live.available)
          await page.getByRole('button', { name: `Rate ${player.name} 6`, exact: true }).click();
        await page.getByRole('button', { name: `Select as MOTM: ${star.name}` }).click();
        await page
          .getByRole('region', { name: 'Voting Progress' })
          .getByRole('button', { name: 'Submit Vote' })
          .click();
        await expect(page.getByRole('heading', { name: 'Top Performers' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await checkScreen(page, `${size}: voted`, { targets: size === '390' });
        await context.close();
      }
    });
  });

  test('with reduced motion: no confetti after submitting and nothing animating on the results', async ({
    browser,
    server,
    uniqueEmail,
    baseURL,
  }) => {
    await withLiveMatch(baseURL as string, 'Tottenham Hotspur', async (live) => {
      const star = live.starters[0] as Player;
      const context = await browser.newContext({
        ...PHONE,
        baseURL: `http://127.0.0.1:${server.port}`,
        serviceWorkers: 'block',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
      const email = uniqueEmail();
      await registerVerified(page, server, email, PASSWORD);
      await signIn(page, email, PASSWORD);
      await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      for (const player of live.available)
        await page.getByRole('button', { name: `Rate ${player.name} 8`, exact: true }).click();
      await page.getByRole('button', { name: `Select as MOTM: ${star.name}` }).click();
      // Anything confetti-like added to the page from here on is remembered.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { confettiSeen: string[] }).confettiSeen = seen;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of Array.from(record.addedNodes))
              if (
                node instanceof Element &&
                (node.matches('canvas, [data-testid="motm-confetti"]') ||
                  node.querySelector('canvas, [data-testid="motm-confetti"]'))
              )
                seen.push(node.outerHTML.slice(0, 80));
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page
        .getByRole('region', { name: 'Voting Progress' })
        .getByRole('button', { name: 'Submit Vote' })
        .click();
      await expect(page.getByRole('heading', { name: 'Top Performers' })).toBeVisible();
      await expect(page.locator('#motm-card')).toContainText(star.name);
      // The burst would last 2 s: watch past it.
      await page.waitForTimeout(2_500);
      expect(
        await page.evaluate(() => (window as unknown as { confettiSeen: string[] }).confettiSeen),
      ).toEqual([]);
      await expect(page.getByTestId('motm-confetti')).toHaveCount(0);
      await expect(page.locator('canvas')).toHaveCount(0);
      // No CSS or script animation keeps running (the LIVE pulse, spinners, reorders, toasts included).
      await expect
        .poll(() =>
          page.evaluate(() =>
            document
              .getAnimations()
              .filter((a) => a.playState === 'running')
              .map((a) => (a as CSSAnimation).animationName ?? a.constructor.name),
          ),
        )
        .toEqual([]);
      await context.close();
    });
  });
});
