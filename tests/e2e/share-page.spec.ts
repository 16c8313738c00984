import type { Locator, Page } from '@playwright/test';
import type { Player } from '../../src/shared/players';
import type { Customization } from '../../src/shared/settings';
import { expect, expectAccessible, test } from './support/fixtures';
import { apiFan, type E2EApiFan, rateAllByApi, startMatchAsAdmin, voteByApi } from './support/match-day';

const PHONE_WIDTH = 390;

/** `#rrggbb` as the browser reports a computed colour. */
function rgbOf(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function expectNoOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.document).toBeLessThanOrEqual(PHONE_WIDTH);
  expect(widths.body).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** A finger-sized target: at least 44 px each way. */
async function expectTouchTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
}

/** The card, loaded once scrolled to, within the screen and at its own proportions. */
async function expectCardFits(page: Page) {
  const card = page.locator('figure img');
  await card.scrollIntoViewIfNeeded();
  await expect
    .poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1200))
    .toBe(true);
  const box = await card.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE_WIDTH);
  expect(box.height / box.width).toBeCloseTo(630 / 1200, 2);
}

// A phone-only test (no size tag): the page is what a fan opens from a link shared to their phone.
test('a shared result opened by a person is the club’s page, styled, whole on a phone, in English and Arabic', async ({
  page,
  server,
  uniqueEmail,
}, testInfo) => {
  // A long opponent with a long word in it: the result must wrap, never push the page sideways.
  const opponent = `Wolverhampton Wanderers Supercalifragilisticexpialidocious ${Date.now() % 100_000}`;
  const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, opponent);
  const fans: E2EApiFan[] = [];
  try {
    const [star, second] = live.starters as [Player, Player];
    const matchId = live.match.id;
    // Two fans: both give the star 10 and 9, the others 7 and 6; one votes for each of the two.
    for (const [pick, high, low] of [
      [star, 10, 7],
      [second, 9, 6],
    ] as const) {
      const fan = await apiFan(server, uniqueEmail());
      fans.push(fan);
      await rateAllByApi(fan, live, (player) => (player.id === star.id ? high : low));
      await voteByApi(fan, matchId, pick);
    }
    const ended = await live.admin.patch(`/api/matches/${matchId}`, {
      data: { isLive: false, score: '2-1' },
    });
    expect(ended.status()).toBe(200);
    const branding = (await (await page.request.get('/api/customization')).json()) as Customization;

    // Opened as a person would: no sign-in, the link as shared.
    await page.goto(`/share/match/${matchId}?lang=en`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    // Styled: the club's bar in its primary colour, the page's own grey behind the panels.
    const bar = page.getByRole('banner');
    await expect(bar).toHaveCSS('background-color', rgbOf(branding.primaryColour));
    await expect(bar).toContainText(branding.companyName);
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(244, 244, 245)');

    // The result: each side's name beside its goals.
    const result = page.getByRole('heading', { level: 1 });
    await expect(result).toBeVisible();
    const sides = result.locator('.side');
    await expect(sides).toHaveCount(2);
    await expect(sides.nth(0)).toHaveText(`${branding.companyName} 2`);
    await expect(sides.nth(1)).toHaveText(`${opponent} 1`);

    // The fans' Man of the Match (a vote each: level at half) and the top rated, best first.
    const motm = page.getByRole('region', { name: "Fans' Man of the Match" });
    await expect(motm).toContainText(/50\.0% of fans' votes/);
    const top = page.getByRole('region', { name: 'Top rated by the fans' });
    const rows = top.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText(star.name);
    await expect(rows.first()).toContainText('9.5');
    await expect(rows.first()).toContainText('2 ratings');
    await expect(top).toContainText('2 fans rated · 0 held back.');

    // The way on: a clear button to rate the next match, and every rating of this one.
    const rateNext = page.getByRole('link', { name: 'Rate the next match' });
    await expect(rateNext).toBeVisible();
    await expect(rateNext).toHaveAttribute('href', '/');
    await expectTouchTarget(rateNext);
    const seeAll = page.getByRole('link', { name: "See every player's rating" });
    await expect(seeAll).toHaveAttribute('href', `/matches/${matchId}`);
    await expectTouchTarget(seeAll);
    await expectTouchTarget(bar.getByRole('link'));

    await expectNoOverflow(page);
    await expectCardFits(page);
    await expectNoOverflow(page);
    await expectAccessible(page, 'shared page (en)');
    await page.screenshot({ path: testInfo.outputPath('share-page-en.png'), fullPage: true });

    // In Arabic: right to left, in its own words, still whole on the phone.
    await page.goto(`/share/match/${matchId}?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('banner')).toHaveCSS('background-color', rgbOf(branding.primaryColour));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(opponent);
    const rateNextAr = page.getByRole('link', { name: 'قيّم المباراة القادمة' });
    await expect(rateNextAr).toHaveAttribute('href', '/');
    await expectTouchTarget(rateNextAr);
    // Laid out from the right: the rank badge sits to the right of the player's name.
    const firstRow = page.getByRole('listitem').first();
    const rank = await firstRow.locator('.rank').boundingBox();
    const name = await firstRow.locator('.name').boundingBox();
    expect((rank?.x ?? 0) > (name?.x ?? 0)).toBe(true);
    // A Latin name keeps its own direction but starts where the page's lines start: on the right.
    const motmName = await page.locator('.motm-name bdi').boundingBox();
    const motmPanel = await page.getByRole('region', { name: 'رجل المباراة' }).boundingBox();
    expect(
      (motmPanel?.x ?? 0) + (motmPanel?.width ?? 0) - ((motmName?.x ?? 0) + (motmName?.width ?? 0)),
    ).toBeLessThan(24);
    await expectNoOverflow(page);
    await expectCardFits(page);
    await expectAccessible(page, 'shared page (ar)');
    await page.screenshot({ path: testInfo.outputPath('share-page-ar.png'), fullPage: true });

    // The button leads into the app.
    await page.goto(`/share/match/${matchId}?lang=en`);
    await page.getByRole('link', { name: 'Rate the next match' }).click();
    await expect(page).toHaveURL(`http://127.0.0.1:${server.port}/`);
  } finally {
    for (const fan of fans) await fan.api.dispose();
    await live.admin.dispose();
  }
});
