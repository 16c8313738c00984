import type { Page } from '@playwright/test';
import type { Player } from '../../src/shared/players';
import type { Team } from '../../src/shared/team-of-the-week';
import { expect, expectAccessible, test } from './support/fixtures';
import { apiFan, type E2EApiFan, rateAllByApi, startMatchAsAdmin } from './support/match-day';

const PHONE = { width: 390, height: 844 };

/** Nothing on the page is wider than the phone, and no player's name runs out of its place on the pitch. */
async function expectNothingOverflows(page: Page) {
  const layout = await page.evaluate(() => {
    const pitch = document.querySelector('section[aria-label] ul[dir="ltr"]');
    const escaped = [...(pitch?.querySelectorAll('a') ?? [])].filter((link) => {
      const box = link.getBoundingClientRect();
      return box.left < 0 || box.right > window.innerWidth;
    }).length;
    return {
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      escaped,
    };
  });
  expect(layout.document).toBeLessThanOrEqual(PHONE.width);
  expect(layout.body).toBeLessThanOrEqual(PHONE.width);
  expect(layout.escaped).toBe(0);
}

// A phone-only test: fans open the team from a shared link or the past matches on their phones.
test('the fans’ Team of the Match and of the Week on a phone, in English and Arabic: the XI on the pitch, each a link, the manager beside, the card', async ({
  page,
  server,
  uniqueEmail,
  browser,
}, testInfo) => {
  const opponent = `Fulham ${Date.now() % 100_000}`;
  const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, opponent);
  const fans: E2EApiFan[] = [];
  try {
    const [, star] = live.starters as [Player, Player];
    const matchId = live.match.id;
    for (const high of [10, 9]) {
      const fan = await apiFan(server, uniqueEmail());
      fans.push(fan);
      await rateAllByApi(fan, live, (player) => (player.id === star.id ? high : 6));
    }
    const ended = await live.admin.patch(`/api/matches/${matchId}`, {
      data: { isLive: false, score: '3-1' },
    });
    expect(ended.status()).toBe(200);
    const team = (await (await page.request.get(`/api/team-of-the-week?match=${matchId}`)).json()) as Team;
    expect(team.players.length).toBeGreaterThanOrEqual(10);

    // Reached from the past matches, no sign-in needed: the latest week.
    await page.goto('/matches');
    await page.getByRole('link', { name: 'Team of the Week' }).click();
    await expect(page).toHaveURL(/\/team-of-the-week$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team of the Week' })).toBeVisible();
    // Which week that is depends on every match the server has ended (other tests' too, some dated):
    // this match's own team is opened by its address below.

    // One match's team: every player of the XI a link to their page, the star with the fans' 9.5.
    await page.goto(`/team-of-the-week?match=${matchId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Team of the Match' })).toBeVisible();
    const pitch = page.getByRole('region', { name: `The team on the pitch, ${team.formation}` });
    await expect(pitch.getByRole('link')).toHaveCount(team.players.length);
    const starLink = pitch.getByRole('link', { name: new RegExp(`^${star.name},.*9\\.5`) });
    await expect(starLink).toHaveAttribute('href', `/players/${star.id}`);
    await expect(page.getByRole('link', { name: new RegExp(live.manager.name) })).toBeVisible();
    const card = page.getByRole('link', { name: 'Share the team image' });
    await expect(card).toHaveAttribute('href', `/share/team/week.png?match=${matchId}&lang=en`);
    await expectNothingOverflows(page);
    await expectAccessible(page, 'team of the match, English');
    await page.screenshot({ path: testInfo.outputPath('team-en.png'), fullPage: true });

    const image = await page.request.get(`/share/team/week.png?match=${matchId}&lang=ar`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');

    // In Arabic, right to left: the same players, the pitch keeping its sides, still within the phone.
    const arabic = await browser.newContext({ locale: 'ar', viewport: PHONE, serviceWorkers: 'block' });
    try {
      const ar = await arabic.newPage();
      await ar.goto(`http://127.0.0.1:${server.port}/team-of-the-week?match=${matchId}`);
      await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(ar.getByRole('heading', { level: 1, name: 'تشكيلة المباراة' })).toBeVisible();
      const arPitch = ar.getByRole('region', { name: /التشكيلة في الملعب/ });
      await expect(arPitch.getByRole('link')).toHaveCount(team.players.length);
      await expect(ar.getByRole('link', { name: 'مشاركة صورة التشكيلة' })).toHaveAttribute(
        'href',
        `/share/team/week.png?match=${matchId}&lang=ar`,
      );
      await expectNothingOverflows(ar);
      await expectAccessible(ar, 'team of the match, Arabic');
      await ar.screenshot({ path: testInfo.outputPath('team-ar.png'), fullPage: true });
    } finally {
      await arabic.close();
    }

    // A week with no ended match: said so, with the way to the other weeks.
    await page.goto('/team-of-the-week?from=2001-01-01&to=2001-01-07');
    await expect(page.getByRole('heading', { name: 'No ended match in this period' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Next week' })).toBeVisible();
    await expectNothingOverflows(page);
  } finally {
    await live.admin.dispose();
    for (const fan of fans) await fan.api.dispose();
  }
});
