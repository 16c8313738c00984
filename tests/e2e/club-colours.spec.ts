import { writeFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Player } from '../../src/shared/players';
import type { Customization } from '../../src/shared/settings';
import { expect, expectAccessible, pageTookOver, signInAndConsent, test } from './support/fixtures';
import { apiFan, startMatchAsAdmin } from './support/match-day';
import { E2E_ADMIN } from './support/servers';

const BLUE = '#0b3d91';
const WHITE = '#ffffff';
const BLUE_RGB = 'rgb(11, 61, 145)';
const DEFAULT_CHROME_RGB = 'rgb(26, 26, 26)';

/** The image's pixel at (x, y) as `#rrggbb`, and how many of its pixels are the default red or near it. */
async function inspect(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return `#${[data[i], data[i + 1], data[i + 2]].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
  };
  let red = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    if (Math.abs(r - 0xda) + Math.abs(g - 0x29) + Math.abs(b - 0x1c) < 60) red += 1;
  }
  return { at, red, width: info.width, height: info.height };
}

const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

/** The branding as stored, to put back as it was (the worker's server is shared by the tests after this one). */
async function restoreBranding(admin: APIRequestContext, saved: Customization) {
  const { companyName, description, logoUrl, headerImageUrl } = saved;
  const res = await admin.post('/api/admin/customization', {
    data: { companyName, description, logoUrl, headerImageUrl, primaryColour: null, secondaryColour: null },
  });
  expect(res.status()).toBe(200);
}

test("a club's colours set in the admin reach the fan page, the portraits and the share card, and stay readable", async ({
  page,
  server,
  uniqueEmail,
}, testInfo) => {
  const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Chelsea');
  const before = (await (await live.admin.get('/api/admin/customization')).json()) as Customization;
  expect(before).toMatchObject({ primaryColour: '#da291c', secondaryColour: '#1a1a1a' });
  try {
    // A fan rates one player, so the match has a card to share once it ends.
    const fan = await apiFan(server, uniqueEmail());
    const [first] = live.starters as [Player];
    const rated = await fan.api.post('/api/ratings', {
      data: { userId: fan.userId, playerId: first.id, matchId: live.match.id, rating: 8 },
    });
    expect(rated.ok()).toBe(true);

    // The admin tries yellow on white: too alike, refused in the form and by the server.
    await signInAndConsent(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin?tab=customise');
    const primary = page.getByLabel('Primary colour', { exact: true });
    const secondary = page.getByLabel('Secondary colour', { exact: true });
    await expect(primary).toHaveValue('#da291c');
    await primary.fill('#ffff00');
    await secondary.fill(WHITE);
    await expect(
      page.getByText('Contrast between the two colours: 1.0:1 (at least 3:1 is needed).'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save Customization' }).click();
    await expect(secondary).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText(
        'The primary and secondary colours are too alike to be drawn on each other: choose a pair with a contrast of at least 3:1',
      ),
    ).toBeVisible();
    const refused = await page.request.post('/api/admin/customization', {
      data: { primaryColour: '#ffff00', secondaryColour: WHITE },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'customization.coloursTooAlike' });
    expect(
      ((await (await page.request.get('/api/customization')).json()) as Customization).primaryColour,
    ).toBe('#da291c');
    await expectAccessible(page, 'admin: a colour pair refused');
    await page.screenshot({ path: testInfo.outputPath('admin-refused.png'), fullPage: true });

    // A dark blue and white, like a real club: saved, and the preview and the admin's own page follow.
    await primary.fill(BLUE);
    await secondary.fill(WHITE);
    await expect(
      page.getByText('Contrast between the two colours: 10.0:1 (at least 3:1 is needed).'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save Customization' }).click();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/customization')).json()) as Customization).primaryColour,
      )
      .toBe(BLUE);
    await expect.poll(() => backgroundOf(page, 'header')).toBe(BLUE_RGB);
    await expectAccessible(page, 'admin: blue and white saved');
    await page.screenshot({ path: testInfo.outputPath('admin-saved.png'), fullPage: true });

    // The fan's page arrives in blue and white from its first paint: the server wrote the palette in it.
    await page.context().clearCookies();
    await page.context().addCookies((await fan.api.storageState()).cookies);
    const answer = await page.goto('/');
    const html = (await answer?.text()) ?? '';
    expect(html).toContain(`<style id="club-palette" data-colours="${BLUE} ${WHITE}">`);
    expect(html).toContain(`<meta name="theme-color" content="${BLUE}"`);
    expect(html).toContain(`<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,`);
    await expect(page.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
    // Polled: the page's own render takes the place of the server's markup meanwhile.
    await expect.poll(() => backgroundOf(page, 'header')).toBe(BLUE_RGB);
    // The server drew this screen; the page's own render replaces it, first for the user it has stored (the
    // admin, whose cookie was swapped out under it), then for the server's answer: the fan's own 8 pressed
    // on the page's render says the fan's board is the one on screen.
    await pageTookOver(page);
    await expect(page.getByRole('button', { name: `Rate ${first.name} 8`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const key = page.getByRole('button', { name: `Rate ${first.name} 9`, exact: true });
    await key.click();
    await expect(key).toHaveAttribute('aria-pressed', 'true');
    // Once its colour's transition is over.
    await expect.poll(() => key.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(BLUE_RGB);
    await expectAccessible(page, 'fan page in blue and white');
    await page.screenshot({ path: testInfo.outputPath('fan-page.png') });
    await page.screenshot({ path: testInfo.outputPath('fan-page-full.png'), fullPage: true });

    // The players' portraits are drawn in the new colours, at new addresses.
    const players = (await (await fan.api.get('/api/players/available-for-rating')).json()) as Player[];
    const portraitUrl = players.find((p) => p.id === first.id)?.portraitUrl ?? '';
    expect(portraitUrl).not.toBe(first.portraitUrl);
    const avatar = page.locator(`img[src="${portraitUrl}"]`).first();
    await expect(avatar).toBeVisible();
    await avatar.screenshot({ path: testInfo.outputPath('portrait-in-page.png') });
    const portrait = await sharp(await (await page.request.get(portraitUrl)).body())
      .png()
      .toBuffer();
    writeFileSync(testInfo.outputPath('portrait.png'), portrait);
    const drawn = await inspect(portrait);
    // The backdrop in the secondary, the shirt (below its number) in the primary, and no red anywhere.
    expect(drawn.at(4, 4)).toBe(WHITE);
    expect(drawn.at(58, 173)).toBe(BLUE);
    expect(drawn.red).toBe(0);

    // The match ends: its share card and the fan's own card are in the club's colours.
    expect(
      (await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } })).status(),
    ).toBe(200);
    const card = await (await page.request.get(`/share/match/${live.match.id}.png`)).body();
    writeFileSync(testInfo.outputPath('share-card.png'), card);
    const shared = await inspect(card);
    expect({ width: shared.width, height: shared.height }).toEqual({ width: 1200, height: 630 });
    expect(shared.at(600, 4)).toBe(BLUE);
    expect(shared.red).toBe(0);
    const mine = await (await fan.api.get(`/api/matches/${live.match.id}/my-ratings.png`)).body();
    writeFileSync(testInfo.outputPath('my-ratings.png'), mine);
    const own = await inspect(mine);
    expect(own.at(600, 4)).toBe(BLUE);
    expect(own.red).toBe(0);

    // An open page follows when the colours change: back to the default, the header is near-black again.
    await restoreBranding(live.admin, before);
    await expect.poll(() => backgroundOf(page, 'header'), { timeout: 15_000 }).toBe(DEFAULT_CHROME_RGB);
    await fan.api.dispose();
  } finally {
    await restoreBranding(live.admin, before);
    await live.admin.dispose();
  }
});
