import { type Browser, type BrowserContextOptions, devices, type Page, request } from '@playwright/test';
import sharp from 'sharp';
import { seasonOf } from '../../src/shared/domain';
import type { Match } from '../../src/shared/matches';
import type { Player } from '../../src/shared/players';
import type { LeaderboardEntry } from '../../src/shared/ratings';
import {
  expect,
  expectAccessible,
  OPEN_DIALOG,
  registerVerified,
  signIn,
  signInAndConsent,
  test,
  watchConsoleErrors,
} from './support/fixtures';
import { closeWithEscape } from './support/keyboard';
import { apiFan, type E2ELiveMatch, startMatchAsAdmin } from './support/match-day';
import { controlledByServiceWorker, keptApiAnswers, OFFLINE_NOISE } from './support/pwa';
import { E2E_ADMIN, type E2EServer } from './support/servers';

/** A fan in a browser of their own size: signed up, verified, signed in, consent given. */
async function fanPage(
  browser: Browser,
  server: E2EServer,
  email: string,
  size: 'phone' | 'desktop',
  options: BrowserContextOptions = {},
): Promise<Page> {
  const baseURL = `http://127.0.0.1:${server.port}`;
  const context = await browser.newContext({
    ...(size === 'phone'
      ? { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, baseURL }
      : { viewport: { width: 1280, height: 800 }, baseURL }),
    ...options,
  });
  const page = await context.newPage();
  await registerVerified(page, server, email, 'match-day-password');
  await signIn(page, email, 'match-day-password');
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  return page;
}

async function rateEveryone(page: Page, live: E2ELiveMatch, value: (p: Player) => number) {
  for (const player of live.available) {
    const button = page.getByRole('button', { name: `Rate ${player.name} ${value(player)}`, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  const progress = page.getByRole('region', { name: 'Voting Progress' });
  await expect(progress.getByText(`${live.available.length}/${live.available.length}`)).toBeVisible();
}

async function chooseMotmAndSubmit(page: Page, motm: Player) {
  await page
    .getByRole('article', { name: motm.name })
    .getByRole('button', { name: 'Select as MOTM' })
    .click();
  const progress = page.getByRole('region', { name: 'Voting Progress' });
  await expect(progress.getByText(motm.name)).toBeVisible();
  await progress.getByRole('button', { name: 'Submit Vote' }).click();
  await expect(page.getByText('Vote submitted successfully!').first()).toBeVisible();
  // The fan lands on their result: the progress has gone and the Man of the Match card is in view.
  await expect(progress).toHaveCount(0);
  await expect(page.locator('#motm-card')).toBeInViewport();
}

test(
  'two fans rate a live match, vote, see the results; once it ends, rating is closed',
  { tag: '@desktop-only' },
  async ({ page, browser, server, uniqueEmail }, testInfo) => {
    const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Arsenal');
    const [star, second] = live.starters as [Player, Player];

    // Fan 1 on a phone.
    const phone = await fanPage(browser, server, uniqueEmail(), 'phone');
    await expect(phone.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
    await expect(phone.getByText('LIVE').first()).toBeVisible();
    for (const group of [
      'Goalkeepers',
      'Defenders',
      'Midfielders',
      'Forwards',
      'SUBSTITUTES',
      'Manager (1)',
    ]) {
      await expect(phone.getByRole('heading', { name: group, exact: true })).toBeVisible();
    }
    await expect(phone.getByText('Voting in progress...')).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Submit Vote' })).toBeDisabled();
    await expectAccessible(phone, 'phone: voting open');
    await phone.screenshot({ path: testInfo.outputPath('phone-before-vote.png'), fullPage: true });

    await rateEveryone(phone, live, (p) => (p.id === star.id ? 10 : 7));
    // The fan's own rating unlocks the player's match average.
    await expect(phone.getByRole('article', { name: star.name }).getByText("TODAY'S SCORE")).toBeVisible();
    // No Man of the Match for the manager.
    await expect(
      phone.getByRole('article', { name: live.manager.name }).getByRole('button', { name: 'Select as MOTM' }),
    ).toHaveCount(0);
    await chooseMotmAndSubmit(phone, star);
    await expect(phone.getByRole('heading', { name: 'Top Performers' })).toBeVisible();
    await expectAccessible(phone, 'phone: voted');
    await phone.screenshot({ path: testInfo.outputPath('phone-after-vote.png'), fullPage: true });

    // Fan 2 on a desktop, with the test's own page (console errors are watched there).
    const desktopEmail = uniqueEmail();
    await registerVerified(page, server, desktopEmail, 'match-day-password');
    await signIn(page, desktopEmail, 'match-day-password');
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Complete Your Vote')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Submit Final Vote' })).toBeVisible();
    await expectAccessible(page, 'desktop: voting open');

    // The stats dialog, from the player's details: our own figures for the season of the match dates.
    await page.getByRole('button', { name: `${star.name}, details`, exact: true }).click();
    await page.getByRole('button', { name: `Stats for ${star.name}` }).click();
    const stats = page.getByRole('dialog', { name: star.name });
    await expect(
      stats.getByRole('heading', { name: `${seasonOf(new Date()).label} Season Overview` }),
    ).toBeVisible();
    await expect(stats.getByRole('heading', { name: 'Performance Stats' })).toBeVisible();
    await expect(stats.getByRole('heading', { name: 'Recent Form' })).toBeVisible();
    await expectAccessible(page, 'desktop: stats dialog', { within: OPEN_DIALOG });
    await closeWithEscape(page, stats);
    await expect(page.getByRole('button', { name: `Stats for ${star.name}` })).toBeFocused();
    await rateEveryone(page, live, (p) => (p.id === star.id ? 9 : p.id === second.id ? 8 : 7));
    await chooseMotmAndSubmit(page, star);

    // Results: the star leads on (10 + 9) / 2 = 9.5 and holds every MOTM vote.
    await expect(page.getByRole('complementary')).toContainText(star.name);
    await expect(page.getByRole('complementary')).toContainText('9.5');
    const motmCard = page.locator('#motm-card');
    await expect(motmCard).toContainText(star.name);
    await expect(motmCard).toContainText(/100(\.0)?%/);
    await expect(
      page.getByRole('complementary').getByRole('heading', { name: 'Top Performers' }),
    ).toBeVisible();
    await expectAccessible(page, 'desktop: voted');
    await page.screenshot({ path: testInfo.outputPath('desktop-after-vote.png'), fullPage: true });

    const api = await page.request.get(`/api/leaderboard/match/${live.match.id}`);
    const leaderboard = (await api.json()) as LeaderboardEntry[];
    expect(leaderboard[0]).toMatchObject({ id: star.id, averageRating: 9.5, ratingCount: 2 });
    expect(leaderboard.find((e) => e.id === second.id)).toMatchObject({ averageRating: 7.5, ratingCount: 2 });
    // After the vote the keys give way to the fan's ratings beside the fans' averages (9.5 and 7.5).
    await expect(page.getByRole('button', { name: `Rate ${second.name} 3`, exact: true })).toHaveCount(0);
    const mine = page.getByRole('table', { name: "Your ratings beside the fans' averages" });
    await expect(mine.getByRole('row', { name: new RegExp(star.name) })).toContainText('9.5');
    await expect(mine.getByRole('row', { name: new RegExp(second.name) })).toContainText('7.5');

    // The match ends; a fan who has not voted tries to rate and is told voting has ended.
    const latecomer = await fanPage(browser, server, uniqueEmail(), 'desktop');
    await expect(latecomer.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
    expect(
      (await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } })).status(),
    ).toBe(200);
    await latecomer.reload();
    await expect(latecomer.getByText('Voting Ended')).toBeVisible();
    // Rating is shown closed, not as keys that would only answer 'Voting has ended'.
    const starRow = latecomer.getByRole('article', { name: star.name });
    await expect(starRow.getByText('Voting closed')).toBeVisible();
    await expect(latecomer.getByRole('button', { name: `Rate ${star.name} 5`, exact: true })).toHaveCount(0);
    await expect(latecomer.getByRole('button', { name: /^Select as MOTM/ })).toHaveCount(0);
    await expect(latecomer.getByRole('region', { name: 'Voting Progress' })).toHaveCount(0);
    // The results come first: the Man of the Match above the players.
    const motmTop = (await latecomer.locator('#motm-card').boundingBox())?.y ?? Number.NaN;
    const playersTop = (await latecomer.locator('#rate-players').boundingBox())?.y ?? Number.NaN;
    expect(motmTop).toBeLessThan(playersTop);
    const me = (await (await latecomer.request.get('/api/auth/me')).json()) as { user: { id: string } };
    const stored = await latecomer.request.get(`/api/ratings/user/${me.user.id}/match/${live.match.id}`);
    expect(await stored.json()).toEqual([]);
    // Once the match has ended its results are everyone's: how fans rated each player shows without a vote.
    await starRow.getByRole('button', { name: `${star.name}, details`, exact: true }).click();
    await expect(starRow.getByText('How fans rated')).toBeVisible();
    await expectAccessible(latecomer, 'desktop: match ended');
    await latecomer.screenshot({ path: testInfo.outputPath('desktop-match-ended.png'), fullPage: true });

    await live.admin.dispose();
    await phone.context().close();
    await latecomer.context().close();
  },
);

test('an embedded banner cannot run script in the page', { tag: '@desktop-only' }, async ({
  browser,
  server,
  uniqueEmail,
}) => {
  const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Chelsea');
  const hostile =
    '<script>parent.document.title = "pwned"; document.title = "pwned";</script>' +
    '<img src="x" onerror="parent.document.body.dataset.pwned = 1">' +
    '<a href="https://sponsor.example/">Our sponsor</a>';
  const banner2 = { enabled: true, type: 'embed', embedCode: hostile };
  expect((await live.admin.post('/api/admin/banners', { data: { banner2 } })).status()).toBe(200);
  try {
    const fan = await fanPage(browser, server, uniqueEmail(), 'desktop');
    const frame = fan.locator('iframe[title="Sponsored content"]');
    await expect(frame).toBeVisible();
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    expect(sandbox).not.toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    await expect(
      fan.frameLocator('iframe[title="Sponsored content"]').getByRole('link', { name: 'Our sponsor' }),
    ).toBeVisible();
    await fan.waitForTimeout(500);
    expect(await fan.title()).not.toBe('pwned');
    expect(await fan.evaluate(() => document.body.dataset.pwned)).toBeUndefined();
    await fan.context().close();
  } finally {
    await live.admin.post('/api/admin/banners', { data: { banner2: { enabled: false, type: 'manual' } } });
    await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } });
    await live.admin.dispose();
  }
});

test(
  'an admin runs a match day from the panel: announce, pick the squad within limits, publish, go live, score, end',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    // It clears the squad and ends any live match: the worker's server is its own meanwhile.
    const admin = page.request;
    await signInAndConsent(page, E2E_ADMIN.email, E2E_ADMIN.password);
    // A clean slate: nobody published, no live match.
    expect((await admin.post('/api/admin/clear-all-players')).status()).toBe(200);
    const current = (await (await admin.get('/api/matches/current')).json()) as {
      id: number;
      isLive: boolean;
    } | null;
    if (current?.isLive) await admin.patch(`/api/matches/${current.id}`, { data: { isLive: false } });

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Match Preparation' })).toBeVisible();
    await expectAccessible(page, 'admin: match control');

    // 1. Match Details: announce Chelsea today at the default 3:00 PM.
    await page.getByRole('combobox', { name: 'Opponent' }).click();
    await page.getByRole('option', { name: 'Chelsea', exact: true }).click();
    await page.getByLabel('Match date').fill(new Date().toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Announce Match' }).click();
    await expect(page.getByRole('tab', { name: '2. Match Day Squad' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const announced = (await (await admin.get('/api/matches/current')).json()) as Match;
    expect(announced).toMatchObject({ opponent: 'Chelsea', kickOffTime: '15:00', isLive: false });
    expect((await (await admin.get('/api/announcement')).json()).announcement).toContain(
      'Chelsea Player Ratings!',
    );

    // Going live with nobody published is refused.
    await page.getByRole('link', { name: 'Match Control' }).click();
    await page.getByRole('radio', { name: 'Live', exact: true }).click();
    await expect(page.getByText('Cannot Start Match').first()).toBeVisible();

    // 2. Squad Management: 11 starters, the manager, 2 substitutes; the 12th starter is refused.
    const squad = (await (await admin.get('/api/players')).json()) as Player[];
    const manager = squad.find((p) => p.isManager) as Player;
    const outfield = squad.filter((p) => !p.isManager);
    const starters = [
      outfield.find((p) => p.position === 'Goalkeeper') as Player,
      ...outfield.filter((p) => p.position !== 'Goalkeeper').slice(0, 10),
    ];
    const [twelfth, ...rest] = outfield.filter((p) => !starters.includes(p) && p.position !== 'Goalkeeper');
    const subs = rest.slice(0, 2);
    await page.getByRole('link', { name: 'Squad Management' }).click();
    await expect(page.getByRole('table', { name: 'Players' })).toBeVisible();
    await expectAccessible(page, 'admin: squad management');
    for (const p of starters)
      await page.getByRole('checkbox', { name: `Starting XI: ${p.name}`, exact: true }).check();
    await page.getByRole('checkbox', { name: `Starting XI: ${twelfth?.name}`, exact: true }).click();
    await expect(page.getByText('Player Limit Reached').first()).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: `Starting XI: ${twelfth?.name}`, exact: true }),
    ).not.toBeChecked();
    await page.getByRole('checkbox', { name: `Select ${manager.name} as manager` }).check();
    for (const p of subs)
      await page.getByRole('checkbox', { name: `Substitute: ${p.name}`, exact: true }).check();
    // One action saves the squad and publishes exactly it, saying first what it will publish.
    await expect(page.getByText(/11 starters, 2 substitutes and the manager/)).toBeVisible();
    await page.getByRole('button', { name: 'Publish Squad', exact: true }).click();
    await expect
      .poll(
        async () => ((await (await admin.get('/api/admin/available-for-rating')).json()) as Player[]).length,
      )
      .toBe(14);
    const published = (await (await admin.get('/api/admin/available-for-rating')).json()) as Player[];
    expect(
      published
        .filter((p) => p.isSubstitute)
        .map((p) => p.id)
        .sort(),
    ).toEqual(subs.map((p) => p.id).sort());
    expect(published.filter((p) => p.isManager)).toHaveLength(1);
    await page.screenshot({ path: testInfo.outputPath('admin-squad-desktop.png') });

    // Live, score with plus and minus, then ended.
    await page.getByRole('link', { name: 'Match Control' }).click();
    await expect(page.getByRole('button', { name: 'Decrease home score' })).toBeDisabled();
    // Going live notifies fans: it is confirmed first.
    await page.getByRole('radio', { name: 'Live', exact: true }).click();
    const start = page.getByRole('alertdialog', { name: 'Start the match?' });
    await expect(start).toBeVisible();
    await start.getByRole('button', { name: 'Go Live' }).click();
    await expect(page.getByText('LIVE').first()).toBeVisible();
    await page.getByRole('button', { name: 'Increase home score' }).click();
    await page.getByRole('button', { name: 'Increase home score' }).click();
    await page.getByRole('button', { name: 'Increase away score' }).click();
    await expect
      .poll(async () => ((await (await admin.get('/api/matches/current')).json()) as Match).score)
      .toBe('2-1');
    await expectAccessible(page, 'admin: live match');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'admin: live match on a phone');
    await page.screenshot({ path: testInfo.outputPath('admin-live-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    // Ending closes voting for every fan: it asks first.
    await page.getByRole('radio', { name: 'Ended', exact: true }).click();
    const end = page.getByRole('alertdialog', { name: 'End the match?' });
    await expect(end).toContainText('Voting closes for every fan');
    await expectAccessible(page, 'admin: end the match?');
    await end.getByRole('button', { name: 'End Match' }).click();
    await expect
      .poll(async () => ((await (await admin.get('/api/matches/current')).json()) as Match).status)
      .toBe('Match Ended');
    // Going live again is offered plainly, and asks too.
    await page.getByRole('tab', { name: '2. Match Day Squad' }).click();
    await expect(page.getByRole('button', { name: 'Start Match' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Reopen Voting' }).click();
    const reopen = page.getByRole('alertdialog', { name: 'Reopen voting?' });
    await expect(reopen).toContainText('results are hidden again from fans who have not voted');
    await reopen.getByRole('button', { name: 'Cancel' }).click();
    await expect(reopen).toBeHidden();
    expect(((await (await admin.get('/api/matches/current')).json()) as Match).status).toBe('Match Ended');
  },
);

test('an admin manages users, brands the page with a logo and adds tracking tags', {
  tag: '@desktop-only',
}, async ({ page, browser, server }) => {
  const baseURL = `http://127.0.0.1:${server.port}`;
  // It sets and clears the server's tracking ids and branding.
  await signInAndConsent(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const loginAs = async (email: string, password: string) => {
    const ctx = await request.newContext({ baseURL });
    const status = (await ctx.post('/api/auth/login', { data: { email, password } })).status();
    await ctx.dispose();
    return status;
  };

  // Users: add (password shown once), edit, regenerate, delete.
  await page.goto('/admin?tab=users');
  const email = `steward-${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Add New User' }).click();
  const add = page.getByRole('dialog', { name: 'Add New User' });
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(add.getByText('Name is required')).toBeVisible();
  await add.getByLabel('Name').fill('Match Steward');
  await add.getByLabel('Email').fill(email);
  await add.getByRole('button', { name: 'Create User' }).click();
  const created = page.getByRole('dialog', { name: 'User Created' });
  const firstPassword = await created.getByLabel('Password').inputValue();
  expect(firstPassword.length).toBeGreaterThanOrEqual(12);
  await expectAccessible(page, 'admin: password shown once');
  await created.getByRole('button', { name: 'Done' }).click();
  expect(await loginAs(email, firstPassword)).toBe(200);

  await page.getByRole('button', { name: 'Edit Match Steward' }).first().click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByLabel('Name').fill('Head Steward');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit Head Steward' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Generate a new password for Head Steward' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Generate Password' }).click();
  const regenerated = page.getByRole('dialog', { name: 'New Password Generated' });
  const secondPassword = await regenerated.getByLabel('Password').inputValue();
  await regenerated.getByRole('button', { name: 'Done' }).click();
  expect(await loginAs(email, firstPassword)).toBe(401);
  expect(await loginAs(email, secondPassword)).toBe(200);

  await page.getByRole('button', { name: 'Delete Head Steward' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete User' }).click();
  await expect(page.getByRole('button', { name: 'Edit Head Steward' })).toHaveCount(0);
  expect(await loginAs(email, secondPassword)).toBe(401);
  await expectAccessible(page, 'admin: users');

  // Customise: a logo uploaded in the panel shows on the fan page.
  await page.goto('/admin?tab=customise');
  const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#da291c' } })
    .png()
    .toBuffer();
  await page.locator('#brand-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Customization' }).click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/customization')).json()) as { logoUrl: string | null }).logoUrl,
    )
    .toMatch(/^\/objects\//);
  await expectAccessible(page, 'admin: customise');
  const fan = await browser.newPage({ baseURL });
  await fan.goto('/signin');
  await expect(fan.locator('img[src^="/objects/"]').first()).toBeVisible();
  await fan.close();

  // Scripts & Pixels: saved ids become the GTM and GA4 tags in the page head, once.
  try {
    await page.goto('/admin?tab=scripts');
    await page.getByLabel('Google Tag Manager container ID').fill('GTM-E2E1234');
    await page.getByLabel('Google Analytics 4 measurement ID').fill('G-E2E12345');
    await page.getByRole('button', { name: 'Save Tracking Settings' }).click();
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get('/api/scripts/tracking')).json()) as {
              gtmContainerId: string | null;
            }
          ).gtmContainerId,
      )
      .toBe('GTM-E2E1234');
    await expectAccessible(page, 'admin: scripts and pixels');
    await page.goto('/');
    await expect(page.locator('head script[src*="gtm.js?id=GTM-E2E1234"]')).toHaveCount(1);
    await expect(page.locator('head script[src*="gtag/js?id=G-E2E12345"]')).toHaveCount(1);
  } finally {
    await page.request.post('/api/admin/tracking', {
      data: { gtmContainerId: null, ga4MeasurementId: null },
    });
    await page.request.post('/api/admin/customization', {
      data: { companyName: null, description: null, logoUrl: null, headerImageUrl: null },
    });
  }
});

/** The live figures the page polls for while its socket is down. */
const POLLED = /^\/api\/(leaderboard\/match|motm|stats\/match)\/\d+$/;

test('a fan who voted sees another fan’s rating move the leaderboard, pushed live without reloading', {
  tag: '@desktop-only',
}, async ({ page, server, uniqueEmail }) => {
  const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Liverpool');
  const [star] = live.starters as [Player];
  try {
    const email = uniqueEmail();
    await registerVerified(page, server, email, 'match-day-password');
    await signIn(page, email, 'match-day-password');
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
    await rateEveryone(page, live, () => 6);
    await chooseMotmAndSubmit(page, star);
    const starRow = page.locator(`li[data-reorder-key="${star.id}"]`);
    await expect(starRow).toContainText('6.0');
    await expect(starRow).toContainText('1 rating');
    await expect(page.getByText(`${live.available.length} ratings`, { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // From here on nothing is fetched over HTTP and nothing reloads: the figures arrive on the socket.
    const fetched: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (POLLED.test(path)) fetched.push(path);
    });
    let loads = 0;
    page.on('load', () => loads++);

    const other = await apiFan(server, uniqueEmail());
    const rated = await other.api.post('/api/ratings', {
      data: { userId: other.userId, playerId: star.id, matchId: live.match.id, rating: 10 },
    });
    expect(rated.status()).toBeLessThan(300);

    await expect(starRow).toContainText('8.0');
    await expect(starRow).toContainText('2 ratings');
    await expect(page.getByText(`${live.available.length + 1} ratings`, { exact: true })).toBeVisible();
    await expect(page.locator('li[data-reorder-key]').first()).toHaveAttribute(
      'data-reorder-key',
      String(star.id),
    );
    expect(fetched).toEqual([]);
    expect(loads).toBe(0);
    await other.api.dispose();
  } finally {
    await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } });
    await live.admin.dispose();
  }
});

test(
  'offline, ratings are kept and shown as waiting, then synced exactly once when the network returns',
  { tag: '@desktop-only' },
  async ({ browser, server, uniqueEmail }, testInfo) => {
    const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Everton');
    const [star, second] = live.starters as [Player, Player];
    try {
      const fan = await fanPage(browser, server, uniqueEmail(), 'phone');
      // Offline, Chromium logs every request it cannot send; anything else is still a failure.
      const consoleErrors = watchConsoleErrors(fan, OFFLINE_NOISE);
      await expect(fan.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
      const notice = fan.getByRole('status').filter({ hasText: "You're offline" });
      await expect(notice).toHaveCount(0);

      await fan.context().setOffline(true);
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('Ratings will sync when connection is restored');
      await fan.screenshot({ path: testInfo.outputPath('live-offline-390.png') });

      const rate = async (player: Player, value: number) => {
        const button = fan.getByRole('button', { name: `Rate ${player.name} ${value}`, exact: true });
        await button.click();
        await expect(button).toHaveAttribute('aria-pressed', 'true');
        await expect(button).toHaveAccessibleDescription('Saved offline — will sync');
        await expect(
          fan.getByRole('article', { name: player.name }).getByText('Saved offline — will sync'),
        ).toBeVisible();
      };
      await rate(star, 9);
      await rate(second, 6);
      // Rated again while offline: only the newest value is kept.
      await rate(star, 8);
      await expect(fan.getByRole('button', { name: `Rate ${star.name} 9`, exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      const progress = fan.getByRole('region', { name: 'Voting Progress' });
      await expect(progress.getByText(`2/${live.available.length}`)).toBeVisible();
      await expectAccessible(fan, 'phone: offline with ratings waiting');
      const starCard = fan.getByRole('article', { name: star.name });
      await starCard.evaluate((card) => card.scrollIntoView({ block: 'center' }));
      await fan.screenshot({ path: testInfo.outputPath('live-queued-390.png') });
      await fan.setViewportSize({ width: 1280, height: 800 });
      await fan.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(fan, 'desktop: offline with ratings waiting');
      await fan.screenshot({ path: testInfo.outputPath('live-offline-1280.png') });
      await starCard.evaluate((card) => card.scrollIntoView({ block: 'center' }));
      await fan.screenshot({ path: testInfo.outputPath('live-queued-1280.png') });

      await fan.context().setOffline(false);
      await expect(fan.getByText('Ratings synced').first()).toBeVisible();
      await expect(fan.getByText('2 offline rating(s) synced successfully.').first()).toBeVisible();
      await expect(notice).toHaveCount(0);
      await expect(fan.getByText('Saved offline — will sync')).toHaveCount(0);
      await expect(fan.getByRole('button', { name: `Rate ${star.name} 8`, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(progress.getByText(`2/${live.available.length}`)).toBeVisible();

      // The server holds each rating exactly once, with the newest value.
      const me = (await (await fan.request.get('/api/auth/me')).json()) as { user: { id: string } };
      const mine = (await (
        await fan.request.get(`/api/ratings/user/${me.user.id}/match/${live.match.id}`)
      ).json()) as { playerId: number; rating: number }[];
      expect(mine.sort((a, b) => a.playerId - b.playerId)).toEqual(
        [
          { playerId: star.id, rating: 8 },
          { playerId: second.id, rating: 6 },
        ].sort((a, b) => a.playerId - b.playerId),
      );
      for (const [player, value] of [
        [star, 8],
        [second, 6],
      ] as const) {
        const stats = await live.admin.get(`/api/ratings/player/${player.id}/match/${live.match.id}`);
        expect(await stats.json()).toEqual({ average: value, count: 1 });
      }
      expect(consoleErrors()).toEqual([]);
      await fan.context().close();
    } finally {
      await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } });
      await live.admin.dispose();
    }
  },
);

test(
  'when the live socket is refused the page polls every 30 s, and stops once the socket is back',
  { tag: '@desktop-only' },
  async ({ page, server }, testInfo) => {
    const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Brentford');
    try {
      await page.clock.install();
      let refuse = false;
      let refused = 0;
      await page.routeWebSocket(/\/ws(\?|$)/, (ws) => {
        if (!refuse) {
          ws.connectToServer();
          return;
        }
        refused += 1;
        ws.close();
      });
      // The admin sees the results without voting, so the leaderboard and MOTM are on screen.
      await signInAndConsent(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await expect(page.getByRole('heading', { name: 'Top Performers' })).toBeVisible();
      const notice = page.getByRole('status').filter({ hasText: "You're offline" });
      await expect(notice).toHaveCount(0);

      refuse = true;
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Top Performers' })).toBeVisible();
      await expect(notice).toBeVisible();
      await page.waitForLoadState('networkidle');

      const polled: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (POLLED.test(path)) polled.push(path);
      });
      // Through the backoff the clock moves a second at a time, so each refusal reaches the page before the
      // next retry is due; past it, whole polling periods at once.
      const advance = async (seconds: number) => {
        for (let i = 0; i < seconds; i++) {
          await page.clock.runFor(1000);
          await page.waitForTimeout(30);
        }
      };

      // Through the backoff (1 + 2 + 4 + 8 + 10 s): five more sockets, all refused, none before its time.
      let seconds = 0;
      while (refused < 6 && seconds < 60) {
        await advance(1);
        seconds += 1;
      }
      expect(refused).toBeGreaterThanOrEqual(6);
      expect(seconds).toBeGreaterThanOrEqual(15);
      // Then the 30 s polling period: leaderboard, MOTM and stats come over HTTP.
      await advance(6);
      const id = live.match.id;
      await expect
        .poll(() => [...new Set(polled)].sort())
        .toEqual([`/api/leaderboard/match/${id}`, `/api/motm/${id}`, `/api/stats/match/${id}`]);
      const firstPoll = polled.length;
      const socketsBefore = refused;
      await page.clock.runFor(30_000);
      await expect.poll(() => polled.length).toBeGreaterThanOrEqual(firstPoll + 3);
      // With the retries used up, the socket is still tried once per polling period.
      await expect.poll(() => refused).toBeGreaterThan(socketsBefore);
      await expect(notice).toBeVisible();
      await expectAccessible(page, 'desktop: live connection down, polling');
      await page.screenshot({ path: testInfo.outputPath('live-polling-1280.png') });

      // The server takes the socket again at the next period: the notice goes and polling stops.
      refuse = false;
      await page.clock.runFor(31_000);
      await expect(notice).toHaveCount(0);
      await page.waitForTimeout(500);
      polled.length = 0;
      await page.clock.runFor(65_000);
      // Two periods on: a poll would have been sent as its timer fired; its request event may trail.
      await page.waitForTimeout(500);
      expect(polled).toEqual([]);
    } finally {
      await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } });
      await live.admin.dispose();
    }
  },
);

test('opened with no network at all, the installed app still takes a rating, and syncs it once back', {
  tag: '@desktop-only',
}, async ({ browser, server, uniqueEmail }) => {
  const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Fulham');
  const player = live.starters[3] as Player;
  try {
    // A first visit online installs the service worker, which keeps the app shell and the fan's reads.
    // (The other tests block service workers; this one is about the installed app.)
    const first = await fanPage(browser, server, uniqueEmail(), 'phone', { serviceWorkers: 'allow' });
    const context = first.context();
    await controlledByServiceWorker(first);
    await expect
      .poll(() => keptApiAnswers(first))
      .toEqual(
        expect.arrayContaining(['/api/auth/me', '/api/matches/current', '/api/players/available-for-rating']),
      );
    await expect
      .poll(() =>
        first.evaluate(async () => {
          const kept = await caches.match('/api/auth/me');
          return kept ? ((await kept.json()) as { user: { consentGiven: boolean } }).user.consentGiven : null;
        }),
      )
      .toBe(true);
    const me = (await (await first.request.get('/api/auth/me')).json()) as { user: { id: string } };
    await first.close();

    // Later, with no network, the app is opened again: the worker serves it, signed in, with the match.
    await context.setOffline(true);
    const page = await context.newPage();
    const consoleErrors = watchConsoleErrors(page, OFFLINE_NOISE);
    const opened = await page.goto('/');
    expect(opened?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
    const button = page.getByRole('button', { name: `Rate ${player.name} 7`, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(button).toHaveAccessibleDescription('Saved offline — will sync');

    await context.setOffline(false);
    await expect(page.getByText('1 offline rating(s) synced successfully.').first()).toBeVisible();
    const mine = (await (
      await page.request.get(`/api/ratings/user/${me.user.id}/match/${live.match.id}`)
    ).json()) as { playerId: number; rating: number }[];
    expect(mine).toEqual([{ playerId: player.id, rating: 7 }]);
    expect(consoleErrors()).toEqual([]);
    await context.close();
  } finally {
    await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } });
    await live.admin.dispose();
  }
});
