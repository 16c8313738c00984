import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Player } from '../../src/shared/players';
import { expect, expectAccessible, isPhone, test } from './support/fixtures';
import { apiFan, type E2EApiFan, startMatchAsAdmin } from './support/match-day';

async function openAs(page: Page, fan: E2EApiFan, path: string) {
  await page.context().addCookies((await fan.api.storageState()).cookies);
  await page.goto(path);
}

/** A PNG's width and height, read from its header. */
async function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format };
}

test(
  'the season: past matches, a match page, the season table, a player page and my own ratings, and the shared result card',
  { tag: '@both-sizes' },
  async ({ page, server, uniqueEmail, browser }, testInfo) => {
    const size = isPhone(testInfo) ? 'phone' : 'desktop';
    const opponent = `Brentford ${size} ${Date.now() % 100_000}`;
    const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, opponent);
    let fan: E2EApiFan | undefined;
    let other: E2EApiFan | undefined;
    try {
      const [star, second] = live.starters as [Player, Player];
      const matchId = live.match.id;
      // Two fans: mine gives the star 10 and everyone else 6; the other gives everyone 8, the star 9.
      fan = await apiFan(server, uniqueEmail());
      other = await apiFan(server, uniqueEmail());
      for (const player of live.available) {
        for (const [who, rating] of [
          [fan, player.id === star.id ? 10 : 6],
          [other, player.id === star.id ? 9 : 8],
        ] as const) {
          const answer = await who.api.post('/api/ratings', {
            data: { userId: who.userId, playerId: player.id, matchId, rating },
          });
          expect(answer.ok()).toBe(true);
        }
      }
      for (const [who, pick] of [
        [fan, star],
        [other, second],
      ] as const) {
        const voted = await who.api.post('/api/user-votes', {
          data: { userId: who.userId, matchId, motmPlayerId: pick.id },
        });
        expect(voted.ok()).toBe(true);
      }
      // Full time: the report and the season's table are kept.
      const ended = await live.admin.patch(`/api/matches/${matchId}`, {
        data: { isLive: false, score: '2-1' },
      });
      expect(ended.status()).toBe(200);

      // Past matches: reached from the sections' navigation, newest first, with the score and the MOTM.
      await openAs(page, fan, '/');
      const sections = page.getByRole('navigation', { name: 'Sections' });
      await sections.getByRole('link', { name: 'Matches' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Past matches' })).toBeVisible();
      const line = page.getByRole('link', { name: new RegExp(opponent) });
      await expect(line).toContainText('2-1');
      await expect(line).toContainText(star.name);
      await expect(sections.getByRole('link', { name: 'Matches' })).toHaveAttribute('aria-current', 'page');
      await expectAccessible(page, `${testInfo.project.name}: matches`);
      await page.screenshot({ path: testInfo.outputPath('matches.png') });

      // The match page: every rated player best first, the MOTM with its share, completion.
      await line.click();
      await expect(page).toHaveURL(new RegExp(`/matches/${matchId}$`));
      await expect(page.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
      const motm = page.getByRole('region', { name: 'Man of the Match' });
      // One vote each for two players: level at 50%.
      await expect(motm).toContainText('50%');
      const rows = page.getByRole('region', { name: 'Player ratings' }).getByRole('listitem');
      await expect(rows).toHaveCount(live.available.length);
      await expect(rows.first()).toContainText(star.name);
      await expect(rows.first()).toContainText('9.5');
      await expect(rows.first()).toContainText('2 ratings');
      await expect(page.getByText('Completion')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Share my ratings' })).toBeVisible();
      await expectAccessible(page, `${testInfo.project.name}: match page`);
      await page.screenshot({ path: testInfo.outputPath('match-page.png'), fullPage: true });

      // My own ratings as an image: only mine, drawn for me.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Share my ratings' }).click();
      const saved = await (await download).path();
      expect(await pngSize(readFileSync(saved))).toEqual({ width: 1200, height: 630, format: 'png' });

      // The season's table: the star ranked first of this match's players, linked to their page.
      await sections.getByRole('link', { name: 'Season' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /^Season \d{4}\/\d{2}$/ })).toBeVisible();
      const table = page.getByRole('table');
      await expect(table.getByRole('link', { name: star.name, exact: true })).toBeVisible();
      await expectAccessible(page, `${testInfo.project.name}: season table`);
      await page.screenshot({ path: testInfo.outputPath('season.png'), fullPage: true });

      // The player's page: figures and every match, this one among them.
      await table.getByRole('link', { name: star.name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: star.name })).toBeVisible();
      const played = page
        .getByRole('region', { name: 'Every rated match' })
        .getByRole('link', { name: new RegExp(`v ${opponent}`) });
      await expect(played).toContainText('9.5');
      await expect(played).toContainText('MOTM');
      await expectAccessible(page, `${testInfo.project.name}: player page`);
      await page.screenshot({ path: testInfo.outputPath('player.png'), fullPage: true });

      // My ratings beside the crowd's: 10 against 9.5 for the star, my MOTM agreed (level at the top).
      await sections.getByRole('link', { name: 'My ratings' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'My ratings' })).toBeVisible();
      const mine = page.getByRole('region', { name: `v ${opponent}` });
      const starLine = mine.getByRole('row', { name: new RegExp(`^${star.name}`) });
      await expect(starLine).toContainText('10');
      await expect(starLine).toContainText('9.5');
      await expect(starLine).toContainText('+0.5');
      await expect(mine).toContainText('Agreed');
      await expectAccessible(page, `${testInfo.project.name}: my ratings`);
      await page.screenshot({ path: testInfo.outputPath('my-ratings.png'), fullPage: true });

      // Signed out, the match page is public: no sign-in, no fan named, and a way to sign in.
      const stranger = await browser.newContext({
        viewport: page.viewportSize() ?? undefined,
        baseURL: `http://127.0.0.1:${server.port}`,
      });
      const visitor = await stranger.newPage();
      await visitor.goto(`/matches/${matchId}`);
      await expect(visitor.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
      await expect(visitor.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(visitor.getByRole('button', { name: 'Share my ratings' })).toHaveCount(0);
      await expect(visitor.getByText('API Fan')).toHaveCount(0);
      await expectAccessible(visitor, `${testInfo.project.name}: match page signed out`);
      await stranger.close();

      // The shared link: card tags for the networks, and the card itself a 1200x630 PNG.
      const shared = await page.request.get(`/share/match/${matchId}`);
      expect(shared.status()).toBe(200);
      const html = await shared.text();
      expect(html).toContain('property="og:image"');
      expect(html).toContain('name="twitter:card" content="summary_large_image"');
      const card = await page.request.get(`/share/match/${matchId}.png`);
      expect(card.headers()['content-type']).toBe('image/png');
      const bytes = await card.body();
      expect(await pngSize(bytes)).toEqual({ width: 1200, height: 630, format: 'png' });
      writeFileSync(testInfo.outputPath('share-card.png'), bytes);
    } finally {
      await fan?.api.dispose();
      await other?.api.dispose();
      await live.admin.dispose();
    }
  },
);
