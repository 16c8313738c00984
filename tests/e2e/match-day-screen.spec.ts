import type { Page } from '@playwright/test';
import type { Player } from '../../src/shared/players';
import { expect, expectAccessible, isPhone, pageTookOver, test } from './support/fixtures';
import { apiFan, type E2EApiFan, startMatchAsAdmin } from './support/match-day';

/** The tallest page the whole squad (11 starters, 3 substitutes and the manager) may make on a phone. */
const PHONE_PAGE_LIMIT_PX = 3500;

async function openAs(page: Page, fan: E2EApiFan) {
  await page.context().addCookies((await fan.api.storageState()).cookies);
  await page.goto('/');
  // The server draws this screen first and the page then replaces it: what is measured is the page's own.
  await pageTookOver(page);
}

/** The top of the first element at `selector`, in page coordinates. */
async function pageTop(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

test(
  'the match day on this screen: players on the first screen, the result in view after the vote, results first once ended',
  { tag: '@both-sizes' },
  async ({ page, server, uniqueEmail }, testInfo) => {
    const phone = isPhone(testInfo);
    let heightBefore = Number.POSITIVE_INFINITY;
    const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Everton', { substitutes: 3 });
    try {
      const [star] = live.starters as [Player];
      const fan = await apiFan(server, uniqueEmail());
      await openAs(page, fan);
      await expect(page.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();

      // The first screen holds the match and the first player's 1-10 keys, clear of the progress bar.
      const firstRow = page.locator('[data-player-row]').first();
      const firstKeys = firstRow.getByRole('group', { name: /^Your rating for / });
      await expect(firstKeys).toBeInViewport({ ratio: 1 });
      const keys = await firstKeys.boundingBox();
      const keysBottom = (keys?.y ?? Number.POSITIVE_INFINITY) + (keys?.height ?? 0);
      const progress = page.getByRole('region', { name: 'Voting Progress' });
      await expect(progress).toBeVisible();
      if (phone) {
        // On a phone the progress is a bar at the bottom of the screen, always in reach.
        // Awaited: the page taking over the server's drawing of the screen replaces the bar once.
        await expect.poll(async () => (await progress.boundingBox())?.y ?? 0).toBeGreaterThan(keysBottom);
        const bar = await progress.boundingBox();
        expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeCloseTo(844, 0);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        heightBefore = height;
        testInfo.annotations.push({
          type: 'page height before the vote at 390 px',
          description: `${height}`,
        });
        expect(height).toBeLessThan(PHONE_PAGE_LIMIT_PX);
      } else {
        // On a wide screen it stays in the side column while the players scroll by.
        await page.mouse.wheel(0, 1500);
        await expect(progress).toBeInViewport();
        await page.mouse.wheel(0, -1500);
        // A wheel returns before the page has scrolled: what follows is measured at the top, at rest.
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        // One player a line, the name beside the keys and never cut.
        const rows = page.locator('[data-player-row]');
        const [first, second] = [await rows.nth(0).boundingBox(), await rows.nth(1).boundingBox()];
        expect(second?.y ?? 0).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0));
        const keys = await rows.nth(0).locator('[data-key-row]').boundingBox();
        expect(
          Math.abs((keys?.y ?? 0) + (keys?.height ?? 0) / 2 - ((first?.y ?? 0) + (first?.height ?? 0) / 2)),
        ).toBeLessThan(4);
        const cut = await page
          .locator('[data-player-name]')
          .evaluateAll((names) => names.filter((n) => n.scrollHeight > n.clientHeight + 1).length);
        expect(cut).toBe(0);
        // The brand's banner (160 px and more) waits beside the live match, not above it.
        expect(await pageTop(page, 'h1')).toBeLessThan(300);
      }
      await expect(progress).toContainText(`0/${live.available.length} rated`);
      await expectAccessible(page, `${testInfo.project.name}: rating`);
      await page.screenshot({ path: testInfo.outputPath('live.png') });

      // Rate everyone in the page but the manager (the last card): the progress names him, and a tap on his
      // name brings his card into view with the focus on his keys.
      const rateSeven = async (player: Player) => {
        const key = page.getByRole('button', { name: `Rate ${player.name} 7`, exact: true });
        await key.click();
        await expect(key).toHaveAttribute('aria-pressed', 'true');
      };
      for (const player of live.available.filter((p) => p.id !== live.manager.id)) await rateSeven(player);
      const next = progress.getByTestId('next-to-rate');
      await expect(next).toHaveText(`Next: ${live.manager.name}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await next.click();
      const managerKey = page.getByRole('button', { name: `Rate ${live.manager.name} 1`, exact: true });
      await expect(managerKey).toBeFocused();
      await expect(managerKey).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath('next-to-rate.png') });
      await rateSeven(live.manager);
      // Everyone rated: the progress offers the Man of the Match as a short list of the fan's best.
      await expect(next).toHaveText('Choose your Man of the Match');
      await next.click();
      const shortList = page.getByRole('region', { name: 'Your Man of the Match?' });
      await expect(shortList.getByRole('button').first()).toBeFocused();
      await expect(shortList.getByRole('button')).toHaveCount(5);
      await expect(shortList.getByRole('button', { name: new RegExp(live.manager.name) })).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath('motm-short-list.png') });
      await shortList.getByRole('button', { name: new RegExp(`^${star.name}`) }).click();
      await expect(progress).toContainText(star.name);
      await expect(next).toHaveCount(0);
      await progress.getByRole('button', { name: 'Submit Vote' }).click();

      // The fan lands on the result, whichever screen they are on: the Man of the Match card is in view.
      const result = page.locator('#motm-card');
      await expect(result.getByText(star.name).first()).toBeVisible();
      await expect(result).toBeInViewport();
      await expect(page.getByRole('heading', { name: 'Top Performers' })).toBeVisible();
      expect(await pageTop(page, '#motm-card')).toBeLessThan(await pageTop(page, '#rate-players'));
      if (!phone) {
        // Wide, the leaderboard heads the side column: its first ranks are in view beside the result.
        await expect(page.getByRole('heading', { name: 'Top Performers' })).toBeInViewport();
        await expect
          .poll(() => page.evaluate(() => window.scrollY))
          .toBeLessThan((await pageTop(page, '[data-voting-board]')) + 1);
      }
      // The fan's ratings become one table: theirs beside the fans' and the difference.
      const table = page.getByRole('table', { name: "Your ratings beside the fans' averages" });
      await expect(table.getByRole('row')).toHaveCount(live.available.length + 1);
      await expect(table.getByRole('row', { name: new RegExp(star.name) })).toContainText('7');
      await expect(page.getByRole('button', { name: /^Rate .* \d+$/ })).toHaveCount(0);
      if (phone) {
        // After the vote the page is no longer than before it.
        const after = await page.evaluate(() => document.documentElement.scrollHeight);
        testInfo.annotations.push({ type: 'page height after the vote at 390 px', description: `${after}` });
        expect(after).toBeLessThanOrEqual(heightBefore);
      }
      await expectAccessible(page, `${testInfo.project.name}: voted`);
      await page.screenshot({ path: testInfo.outputPath('voted.png') });
      await page.screenshot({ path: testInfo.outputPath('voted-full.png'), fullPage: true });

      // The match ends. A fan who never voted finds the results first and the rating closed.
      expect(
        (await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } })).status(),
      ).toBe(200);
      const latecomer = await apiFan(server, uniqueEmail());
      await page.context().clearCookies();
      await openAs(page, latecomer);
      await expect(page.getByText('Voting Ended')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Top Performers' })).toBeVisible();
      expect(await pageTop(page, '#motm-card')).toBeLessThan(await pageTop(page, '#rate-players'));
      if (!phone) {
        // Wide, the leaderboard heads the side column: its first ranks are in view beside the result.
        await expect(page.getByRole('heading', { name: 'Top Performers' })).toBeInViewport();
        await expect
          .poll(() => page.evaluate(() => window.scrollY))
          .toBeLessThan((await pageTop(page, '[data-voting-board]')) + 1);
      }
      await expect(page.getByRole('article', { name: star.name }).getByText('Voting closed')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Rate .* \d+$/ })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Voting Progress' })).toHaveCount(0);
      await expectAccessible(page, `${testInfo.project.name}: ended`);
      await page.screenshot({ path: testInfo.outputPath('ended.png') });
      await fan.api.dispose();
      await latecomer.api.dispose();
    } finally {
      await live.admin.dispose();
    }
  },
);

test('on a phone, the club’s banner and featured video keep the page before the vote under the limit', async ({
  page,
  server,
  uniqueEmail,
}, testInfo) => {
  const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Wolves', { substitutes: 3 });
  const banner1 = {
    enabled: true,
    type: 'manual',
    subtitle: 'Matchday offer',
    title: 'Two pies and a pint for the price of one',
    discount: '2 FOR 1',
    description: 'Show this banner at any kiosk in the ground before kick-off.',
  };
  try {
    expect((await live.admin.post('/api/admin/banners', { data: { banner1 } })).status()).toBe(200);
    const video = { youtubeVideo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
    expect((await live.admin.post('/api/admin/social-media', { data: video })).status()).toBe(200);
    // No outside network here: the video's thumbnail fails at once instead of waiting out a timeout.
    await page.route(/ytimg\.com|youtube\.com/, (route) => route.abort());
    const fan = await apiFan(server, uniqueEmail());
    await openAs(page, fan);
    await expect(page.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
    await expect(page.locator('[data-player-row]')).toHaveCount(live.available.length);
    await expect(page.getByRole('region', { name: 'Featured promotion' })).toContainText(banner1.title);
    await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    testInfo.annotations.push({
      type: 'page height with banner and video at 390 px',
      description: `${height}`,
    });
    await page.screenshot({ path: testInfo.outputPath('banner-video-full.png'), fullPage: true });
    expect(height).toBeLessThan(PHONE_PAGE_LIMIT_PX);
    await expectAccessible(page, `${testInfo.project.name}: rating with banner and video`);
    await fan.api.dispose();
  } finally {
    await live.admin.post('/api/admin/banners', { data: { banner1: { enabled: false, type: 'manual' } } });
    await live.admin.post('/api/admin/social-media', { data: { youtubeVideo: null } });
    await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } });
    await live.admin.dispose();
  }
});

test('players on the same average share a rank, and the medals follow the ranks', {
  tag: '@both-sizes',
}, async ({ page, server, uniqueEmail }) => {
  const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Fulham');
  try {
    const fan = await apiFan(server, uniqueEmail());
    const [first, second, third] = live.starters as [Player, Player, Player];
    // 9 for one, 8 for two of them, 5 for the rest: 1st, then two 2nds, then 4th.
    const value = (p: Player) => (p.id === first.id ? 9 : p.id === second.id || p.id === third.id ? 8 : 5);
    for (const player of live.available) {
      const answer = await fan.api.post('/api/ratings', {
        data: { userId: fan.userId, playerId: player.id, matchId: live.match.id, rating: value(player) },
      });
      expect(answer.ok()).toBe(true);
    }
    expect(
      (
        await fan.api.post('/api/user-votes', {
          data: { userId: fan.userId, matchId: live.match.id, motmPlayerId: first.id },
        })
      ).ok(),
    ).toBe(true);
    await openAs(page, fan);
    const board = page.getByRole('heading', { name: 'Top Performers' });
    await expect(board).toBeVisible();
    const rows = page.locator('li[data-reorder-key]');
    await expect(rows.nth(0)).toContainText('Rank 1:');
    await expect(rows.nth(1)).toContainText('Rank 2:');
    await expect(rows.nth(2)).toContainText('Rank 2:');
    await expect(rows.nth(3)).toContainText('Rank 4:');
    await expect(rows.nth(3)).toContainText('5.0');
    await fan.api.dispose();
  } finally {
    await live.admin.dispose();
  }
});
