import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import sharp from 'sharp';
import type { Match } from '../../src/shared/matches';
import type { Player } from '../../src/shared/players';
import { pageTookOver } from '../e2e/support/fixtures';
import { apiFan, type E2EApiFan, publishSquad, rateAllByApi, voteByApi } from '../e2e/support/match-day';
import { E2E_ADMIN, E2E_SERVERS, type E2EServer } from '../e2e/support/servers';

const LOCALES = ['en', 'fr', 'es', 'ar'] as const;
type Locale = (typeof LOCALES)[number];
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
} as const;
type Size = keyof typeof SIZES;

const OUT = path.resolve(import.meta.dirname, '../../.tmp/screens');
const server = E2E_SERVERS[0];
if (!server) throw new Error('no e2e server');
const BASE = `http://127.0.0.1:${server.port}`;

/** A catalogue string in a language, as the page shows it (placeholders left as they are). */
function t(locale: Locale, key: string): string {
  const dir = path.resolve(import.meta.dirname, `../../src/shared/i18n/catalogs/${locale}`);
  for (const file of readdirSync(dir)) {
    const catalogue = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>;
    if (key in catalogue) return catalogue[key] as string;
  }
  throw new Error(`${locale}: no ${key}`);
}

let seq = 0;
/** A fan reading `locale`, made through the API. */
async function newFan(locale: Locale, name: string): Promise<E2EApiFan> {
  const fan = await apiFan(server as E2EServer, `screens-${Date.now()}-${++seq}@example.com`, name);
  expect((await fan.api.put('/api/account/locale', { data: { locale } })).ok()).toBe(true);
  return fan;
}

/** A page at a size, signed in as `fan` (cookies copied) or signed out reading `locale`. */
async function open(browser: Browser, size: Size, locale: Locale, fan?: E2EApiFan | APIRequestContext) {
  const context = await browser.newContext({ ...SIZES[size], deviceScaleFactor: 1, baseURL: BASE });
  await context.addInitScript((l) => {
    window.localStorage.setItem('matchday_locale', l);
  }, locale);
  await context.addCookies([{ name: 'matchday_locale', value: locale, url: BASE }]);
  if (fan) {
    const api = 'api' in fan ? fan.api : fan;
    await context.addCookies((await api.storageState()).cookies);
  }
  return { context, page: await context.newPage() };
}

async function settle(page: Page) {
  await pageTookOver(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

async function shot(page: Page, screen: string, locale: Locale, size: Size, fullPage = false) {
  const file = path.join(OUT, `${screen}-${locale}-${size}${fullPage ? '-full' : ''}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Each screen's shots on one sheet: the four phones in a row, the four desktops in a 2x2 grid below. */
async function contactSheet(screen: string) {
  const tiles: sharp.OverlayOptions[] = [];
  let height = 0;
  const phones = LOCALES.map((l) => path.join(OUT, `${screen}-${l}-phone.png`));
  const desktops = LOCALES.map((l) => path.join(OUT, `${screen}-${l}-desktop.png`));
  const have = new Set(readdirSync(OUT).map((f) => path.join(OUT, f)));
  for (const [i, file] of phones.entries()) {
    if (!have.has(file)) continue;
    tiles.push({
      input: await sharp(file).resize(390, 844, { fit: 'contain' }).toBuffer(),
      left: i * 400,
      top: 0,
    });
    height = 844;
  }
  const top = height ? height + 10 : 0;
  for (const [i, file] of desktops.entries()) {
    if (!have.has(file)) continue;
    tiles.push({
      input: await sharp(file).resize(790, 494, { fit: 'contain' }).toBuffer(),
      left: (i % 2) * 800,
      top: top + Math.floor(i / 2) * 504,
    });
    height = top + 1008;
  }
  if (!tiles.length) return;
  await sharp({ create: { width: 1600, height, channels: 3, background: '#888888' } })
    .composite(tiles)
    .png()
    .toFile(path.join(OUT, `sheet-${screen}.png`));
}

/** A spread of marks around `base`, so the leaderboard has figures to rank. */
const around = (base: number) => (player: Player) =>
  Math.max(1, Math.min(10, base + ((player.id * 3) % 5) - 2));

test('every match-day screen, in each language at both sizes', async ({ browser }) => {
  mkdirSync(OUT, { recursive: true });
  const admin = await request.newContext({ baseURL: BASE });
  expect((await admin.post('/api/auth/login', { data: E2E_ADMIN })).status()).toBe(200);
  const only = process.env.SCREENS_LOCALES?.split(',') as Locale[] | undefined;

  for (const locale of only ?? LOCALES) {
    const squad = await publishSquad(admin, 3);
    // Before kick-off: the announcement and the match card.
    const { companyName } = (await (await admin.get('/api/customization')).json()) as { companyName: string };
    const announced = t(locale, 'admin-match.details.announcementText')
      .replace('{club}', companyName)
      .replace('{opponent}', 'Wolverhampton Wanderers');
    expect((await admin.post('/api/admin/announcement', { data: { text: announced } })).ok()).toBe(true);
    const created = (await (
      await admin.post('/api/matches', { data: { opponent: 'Wolverhampton Wanderers' } })
    ).json()) as Match;
    const fan = await newFan(locale, locale === 'ar' ? 'مشجع النادي' : 'Alex Morgan');
    for (const size of Object.keys(SIZES) as Size[]) {
      const { context, page } = await open(browser, size, locale, fan);
      await page.goto('/');
      await settle(page);
      await shot(page, 'before-kick-off', locale, size);
      await context.close();
    }
    expect((await admin.patch(`/api/matches/${created.id}`, { data: { isLive: true } })).ok()).toBe(true);
    const matchId = created.id;
    const live = { match: created, available: squad.available };

    // Signed out: the home with the live match, sign-in, a page that does not exist.
    for (const size of Object.keys(SIZES) as Size[]) {
      const { context, page } = await open(browser, size, locale);
      await page.goto('/');
      await settle(page);
      await shot(page, 'signed-out-home', locale, size);
      await page.goto('/signin');
      await settle(page);
      await shot(page, 'sign-in', locale, size);
      await page.goto('/no-such-page');
      await settle(page);
      await shot(page, 'not-found', locale, size);
      await context.close();
    }

    // Other fans have voted, so the leaderboard has figures once this fan votes.
    for (const base of [8, 6, 7]) {
      const other = await newFan(locale, 'Another Fan');
      await rateAllByApi(other, live, around(base));
      await voteByApi(other, matchId, squad.starters[base % squad.starters.length] as Player);
      await other.api.dispose();
    }

    // The fan has rated all but the manager: the progress names who is missing.
    await rateAllByApi(fan, { ...live, available: squad.available.slice(0, -1) }, around(7));
    for (const size of Object.keys(SIZES) as Size[]) {
      const { context, page } = await open(browser, size, locale, fan);
      await page.goto('/');
      await settle(page);
      await shot(page, 'live-one-missing', locale, size);
      if (size === 'phone') await shot(page, 'live-one-missing', locale, size, true);
      await context.close();
    }
    // Everyone rated: the Man of the Match short list, then the vote.
    await rateAllByApi(fan, { ...live, available: squad.available.slice(-1) }, around(8));
    // The desktop first: the phone then votes.
    for (const size of ['desktop', 'phone'] as const) {
      const { context, page } = await open(browser, size, locale, fan);
      await page.goto('/');
      await settle(page);
      const list = page.locator('#motm-short-list');
      await list.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await shot(page, 'motm-short-list', locale, size);
      if (size === 'desktop') {
        await context.close();
        continue;
      }
      await list.getByRole('button').first().click();
      await page
        .getByRole('button', { name: t(locale, 'voting.submit.submitVote'), exact: true })
        .last()
        .click();
      await page.locator('[data-voting-board]').waitFor();
      await page.waitForTimeout(1500);
      await shot(page, 'after-vote', locale, size);
      await shot(page, 'after-vote', locale, size, true);
      await context.close();
    }
    // The desktop after the vote (the same fan, voted).
    {
      const { context, page } = await open(browser, 'desktop', locale, fan);
      await page.goto('/');
      await settle(page);
      await shot(page, 'after-vote', locale, 'desktop');
      await context.close();
    }
    // The admin starting a match asks first; the admin's own language is the fan's here.
    expect((await admin.put('/api/account/locale', { data: { locale } })).ok()).toBe(true);
    expect(
      (await admin.patch(`/api/matches/${matchId}`, { data: { isLive: false, score: '2-1' } })).ok(),
    ).toBe(true);
    for (const size of Object.keys(SIZES) as Size[]) {
      const { context, page } = await open(browser, size, locale, admin);
      await page.goto('/admin?tab=analytics');
      await settle(page);
      const hide = page.getByRole('button', { name: t(locale, 'admin-match.analytics.history.hide') });
      if (await hide.count()) await hide.first().scrollIntoViewIfNeeded();
      await shot(page, 'admin-history', locale, size);
      await page.goto('/admin?tab=publishing');
      await settle(page);
      await shot(page, 'admin-publishing', locale, size);
      await context.close();
    }
    // After full time: the shared page, the fan's own ratings, the image they share.
    for (const size of Object.keys(SIZES) as Size[]) {
      const { context, page } = await open(browser, size, locale, fan);
      await page.goto(`/share/match/${matchId}?lang=${locale}`);
      await page.waitForLoadState('networkidle');
      await shot(page, 'share-page', locale, size);
      await page.goto('/me/ratings');
      await settle(page);
      await shot(page, 'my-ratings', locale, size);
      await page.goto(`/matches/${matchId}`);
      await settle(page);
      await shot(page, 'match-report', locale, size);
      await context.close();
    }
    const card = await fan.api.get(`/api/matches/${matchId}/my-ratings.png?lang=${locale}`);
    expect(card.ok()).toBe(true);
    writeFileSync(path.join(OUT, `my-card-${locale}.png`), await card.body());
    await fan.api.dispose();
  }
  expect((await admin.put('/api/account/locale', { data: { locale: 'en' } })).ok()).toBe(true);
  await admin.dispose();
  for (const screen of [
    'before-kick-off',
    'signed-out-home',
    'sign-in',
    'not-found',
    'live-one-missing',
    'motm-short-list',
    'after-vote',
    'admin-history',
    'admin-publishing',
    'share-page',
    'my-ratings',
    'match-report',
  ])
    await contactSheet(screen);
});
