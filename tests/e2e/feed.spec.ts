import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Match } from '../../src/shared/matches';
import { startFootballFixtureServer } from '../fakes/football-fixture-server';
import { matchDayWorld } from '../fakes/football-world';
import { freePort, productEnv, ROOT, startServer } from '../support/processes';
import { expect, expectAccessible, test } from './support/fixtures';

const MINUTE = 60_000;
/** The match's clock runs this many times real time. */
const SPEED = 20;

test('a match run by the football-data feed: the fan counts down to the vote’s close after full time, and the admin sees the feed’s state', async ({
  page,
}, testInfo) => {
  // The match's clock starts in the second half; full time comes 12 of its minutes (36 s) on, time enough
  // for the product to start and import the fixture before it is over.
  const origin = Date.now();
  const kickOff = Math.floor(origin / MINUTE) * MINUTE - 100 * MINUTE;
  const start = kickOff + 100 * MINUTE;
  const now = () => start + (Date.now() - origin) * SPEED;
  const provider = await startFootballFixtureServer({ world: matchDayWorld(new Date(kickOff)), now });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'matchday-e2e-feed-'));
  const port = await freePort();
  const admin = { email: 'feed-admin@e2e.invalid', password: randomBytes(12).toString('hex') };
  const env = productEnv(port, dataDir, {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SIMULATION: '1',
    FOOTBALL_API_URL: provider.url,
    FOOTBALL_API_KEY: provider.key,
    FOOTBALL_TEAM_ID: '33',
    SIMULATION_FEED_CLOCK: `${origin}:${start}:${SPEED}`,
  });
  delete env.DATABASE_URL;
  const server = await startServer({
    name: 'feed',
    script: path.join(ROOT, 'dist/server/main.js'),
    port,
    env,
  });
  const base = server.url;
  try {
    const context = page.context();
    const login = await context.request.post(`${base}/api/auth/login`, { data: admin });
    expect(login.status()).toBe(200);
    const adminCookie = (await context.cookies(base)).find((c) => c.name === 'matchday_session');
    const fans = await context.request.post(`${base}/api/simulation/fans`, {
      data: { prefix: 'e2e-feed', count: 1 },
    });
    const [fan] = ((await fans.json()) as { fans: { id: string; token: string }[] }).fans;
    if (!fan || !adminCookie) throw new Error('no fan or admin session');

    // The fan's browser: consent given, the match taken live by the feed, no admin action.
    await context.clearCookies();
    await context.addCookies([{ name: 'matchday_session', value: fan.token, url: base }]);
    expect(
      (
        await context.request.patch(`${base}/api/user/${fan.id}/consent`, { data: { consentGiven: true } })
      ).ok(),
    ).toBe(true);
    const current = async () =>
      (await (await context.request.get(`${base}/api/matches/current`)).json()) as Match | null;
    // The fixtures arrive at the feed's first poll, the match goes live at the next, full time follows.
    await expect.poll(async () => (await current())?.fullTimeAt ?? null, { timeout: 120_000 }).not.toBeNull();
    const match = (await current()) as Match;
    expect(match).toMatchObject({ isLive: true, score: '1-1', title: 'Manchester United vs Liverpool' });

    await page.goto(`${base}/`);
    await expect(page.getByRole('heading', { level: 1, name: match.title })).toBeVisible();
    const countdown = page.getByTestId('voting-countdown');
    await expect(countdown).toContainText(/Voting closes in \d+:\d\d/);
    await expect(page.getByText('Full time', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the vote’s countdown after full time');
    await page.screenshot({ path: testInfo.outputPath('countdown-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: testInfo.outputPath('countdown-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });

    // The admin's Football data card: running, its last answer and the day's requests.
    await context.clearCookies();
    await context.addCookies([{ name: 'matchday_session', value: adminCookie.value, url: base }]);
    await page.goto(`${base}/admin?tab=settings`);
    const card = page.getByTestId('feed-facts');
    await expect(card).toContainText('Running');
    await expect(card).toContainText(/\d+ of 100/);
    await expect(page.getByLabel('Team id at the provider')).toHaveValue('33');
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'the Football data card');
    await page.screenshot({ path: testInfo.outputPath('feed-card-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('feed-card-desktop.png') });
    // A budget under the provider's smallest is refused by the form.
    await page.getByLabel('Requests a day').fill('5');
    await page.getByRole('button', { name: 'Save feed settings' }).click();
    await expect(page.getByText(/a daily budget of 10 to 1,000,000 requests/)).toBeVisible();
  } finally {
    // The page leaves before its server stops, so its live socket is not cut under it.
    await page.goto('about:blank');
    await server.stop();
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
