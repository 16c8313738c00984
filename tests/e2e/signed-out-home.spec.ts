import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { Match } from '../../src/shared/matches';
import { expect, expectAccessible, isPhone, test } from './support/fixtures';
import { startMatchAsAdmin } from './support/match-day';

/**
 * A visitor, signed out, sees the match that is on at the top of the home: its status, title and score,
 * and a way into the sign-in form, which stays on the first screen. English and Arabic (right to left);
 * screenshots of the first screen go to the test's output folder.
 */

const CATALOGS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/shared/i18n/catalogs');
type Lang = 'en' | 'ar';

function catalog(lang: Lang): Record<string, string> {
  const read = (area: string) =>
    JSON.parse(readFileSync(path.join(CATALOGS, lang, `${area}.json`), 'utf8')) as Record<string, string>;
  return { ...read('common'), ...read('auth') };
}

/** A message by its key, its `{name}` arguments filled in and its `<0>` tags dropped. */
function msg(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const text = catalog(lang)[key];
  if (text === undefined) throw new Error(`no "${key}" in the ${lang} catalogue`);
  return text.replace(/<\/?\d+>/g, '').replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The text between a message's `<0>` and `</0>`. */
function tagged(lang: Lang, key: string): string {
  const found = /<0>(.*)<\/0>/.exec(catalog(lang)[key] ?? '');
  if (!found?.[1]) throw new Error(`no <0> in "${key}"`);
  return found[1];
}

/** The card of the match titled `title`, read by its name as a screen reader would. */
const teaser = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The score's figures, as drawn: home, dash, away. */
const figures = (page: Page, title: string) =>
  teaser(page, title).locator('p[dir="ltr"] > span:not(.sr-only)');

for (const { lang, browserLocale, dir } of [
  { lang: 'en', browserLocale: 'en-GB', dir: 'ltr' },
  { lang: 'ar', browserLocale: 'ar', dir: 'rtl' },
] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale: browserLocale });

    test(
      `a signed-out visitor sees the live match and its score above the sign-in form (${lang})`,
      { tag: '@both-sizes' },
      async ({ page, server }, testInfo) => {
        const size = isPhone(testInfo) ? 'phone' : 'desktop';
        const live = await startMatchAsAdmin(
          `http://127.0.0.1:${server.port}`,
          `Aston Villa ${lang} ${size}`,
        );
        try {
          const { match } = live;
          const scored = await live.admin.patch(`/api/matches/${match.id}`, { data: { score: '2-1' } });
          expect(scored.status()).toBe(200);

          await page.goto('/');
          const html = page.locator('html');
          await expect(html).toHaveAttribute('lang', lang);
          await expect(html).toHaveAttribute('dir', dir);
          const card = teaser(page, match.title);
          await expect(card).toBeVisible();
          await expect(card).toContainText(msg(lang, 'common.status.live'));
          // Home then away, left to right in Arabic too.
          await expect(figures(page, match.title)).toHaveText(['2', '–', '1']);
          await expect(card).toContainText(msg(lang, 'auth.home.matchLiveRating'));

          // The sign-in form is not pushed off the first screen, at either size.
          const email = page.locator('#home-email');
          await expect(email).toBeInViewport();
          await expect(page.getByRole('link', { name: msg(lang, 'auth.home.pastMatches') })).toBeInViewport();
          await expectAccessible(page, `the signed-out home with a live match (${lang}, ${size})`);
          await page.screenshot({ path: testInfo.outputPath(`signed-out-home-live-${lang}-${size}.png`) });

          // "Sign in to rate" puts the visitor in the form's email field.
          await card.getByRole('button', { name: tagged(lang, 'auth.home.matchLiveRating') }).click();
          await expect(email).toBeFocused();
          await expect(email).toBeInViewport();

          if (lang !== 'en') return;
          // Full time: the score stays, with the way to what the fans made of the match.
          const ended = await live.admin.patch(`/api/matches/${match.id}`, { data: { isLive: false } });
          expect(ended.status()).toBe(200);
          await page.reload();
          const fullTime = teaser(page, msg(lang, 'auth.home.matchFullTime', { title: match.title }));
          await expect(fullTime).toBeVisible();
          await expect(
            figures(page, msg(lang, 'auth.home.matchFullTime', { title: match.title })),
          ).toHaveText(['2', '–', '1']);
          await expect(
            fullTime.getByRole('link', { name: msg(lang, 'auth.home.matchSeeRatings') }),
          ).toHaveAttribute('href', `/matches/${match.id}`);
          await page.screenshot({ path: testInfo.outputPath(`signed-out-home-ended-${lang}-${size}.png`) });

          // A match announced for tomorrow: its day and kick-off, and when voting opens.
          const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
          const next = (await (
            await live.admin.post('/api/matches', {
              data: { opponent: `Fulham ${size}`, scheduledDate: tomorrow, kickOffTime: '17:30' },
            })
          ).json()) as Match;
          await page.reload();
          const upcoming = teaser(page, msg(lang, 'auth.home.matchNext', { title: next.title }));
          await expect(upcoming).toBeVisible();
          await expect(upcoming).toContainText(msg(lang, 'auth.home.matchKickOff', { time: '5:30 PM' }));
          await expect(upcoming).toContainText(msg(lang, 'auth.home.matchVotingOpens'));
          await expectAccessible(page, `the signed-out home with the next match (${size})`);
          await page.screenshot({ path: testInfo.outputPath(`signed-out-home-next-${lang}-${size}.png`) });
        } finally {
          await live.admin.dispose();
        }
      },
    );
  });
}
