import { createServer, type Server } from 'node:http';
import type { APIRequestContext, Frame, Page } from '@playwright/test';
import type { Player } from '../../src/shared/players';
import { expect, expectAccessible, test } from './support/fixtures';
import { apiFan, rateAllByApi, startMatchAsAdmin, voteByApi } from './support/match-day';
import type { E2EServer } from './support/servers';

/**
 * The widgets as another site shows them: a page served from another origin on this machine
 * (`localhost` and a port of its own, where the app is `127.0.0.1`: another site to the browser) embeds
 * each widget, and the browser enforces what the server says (frame-ancestors, cookies).
 */

/** The host site's port: in the range kept for extra servers, one per worker's app. */
const hostPortOf = (server: E2EServer) => 3650 + (server.port % 40);

/** A tiny site: serves whatever page the test put at a path. */
async function hostSite(port: number): Promise<{ pages: Map<string, string>; close: () => Promise<void> }> {
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const page = pages.get(new URL(request.url ?? '/', 'http://host').pathname);
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not found');
  });
  // Every loopback address: the browser may try `localhost` as ::1 first.
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return { pages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const hostPage = (body: string, width = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner news</title><link rel="icon" href="data:,">
<style>body{font-family:serif;margin:0;padding:8px}${width ? `.col{inline-size:${width}}` : ''}</style></head>
<body><h1 id="host-title">Partner news</h1><div class="col">${body}</div></body></html>`;

/** A match that has ended, rated by two fans: its report, its season table and its week's team exist. */
async function endedMatch(server: E2EServer, uniqueEmail: () => string, opponent: string) {
  const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, opponent);
  const star = live.starters[0] as Player;
  for (const high of [9, 8]) {
    const fan = await apiFan(server, uniqueEmail());
    await rateAllByApi(fan, live, (player) => (player.id === star.id ? high : 6));
    await voteByApi(fan, live.match.id, star);
    await fan.api.dispose();
  }
  expect(
    (await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false, score: '2-0' } })).ok(),
  ).toBe(true);
  await live.admin.dispose();
  return { matchId: live.match.id, star };
}

async function allowSites(admin: APIRequestContext, origins: string[]) {
  const saved = await admin.put('/api/admin/embed-sites', { data: { origins } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The frame of a widget page, found by its path, once its page has drawn. */
async function widgetFrame(page: Page, pathPart: string): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes(pathPart))).toBe(true);
  const frame = page.frames().find((f) => f.url().includes(pathPart)) as Frame;
  await expect(frame.locator('main.w')).toBeVisible();
  return frame;
}

test('each widget draws on another site, follows a live match to full time without showing figures, sets no cookie, and is refused once the site is off the list', async ({
  page,
  browser,
  server,
  uniqueEmail,
}) => {
  test.setTimeout(120_000);
  const appOrigin = `http://127.0.0.1:${server.port}`;
  const port = hostPortOf(server);
  const hostOrigin = `http://localhost:${port}`;
  const host = await hostSite(port);
  const { matchId, star } = await endedMatch(server, uniqueEmail, `Widget Rovers ${Date.now() % 100_000}`);
  const live = await startMatchAsAdmin(appOrigin, `Widget United ${Date.now() % 100_000}`);
  const { admin } = live;
  try {
    await allowSites(admin, [hostOrigin]);
    host.pages.set(
      '/script',
      hostPage(`<script src="${appOrigin}/embed.js" async></script>
<matchday-live lang="en"></matchday-live>
<matchday-match match="${matchId}" lang="en" theme="dark"></matchday-match>
<matchday-season lang="en"></matchday-season>
<matchday-team-of-the-week lang="en"></matchday-team-of-the-week>`),
    );
    host.pages.set(
      '/frame',
      hostPage(
        `<iframe id="plain" src="${appOrigin}/embed/live?lang=en&theme=dark" width="100%" height="300" style="border:0" title="Live ratings"></iframe>`,
      ),
    );

    await page.goto(`${hostOrigin}/script`);
    // The host page is the host's own: its title and heading untouched, nothing added outside the elements.
    await expect(page).toHaveTitle('Partner news');
    const bodyChildren = await page.evaluate(() => document.querySelector('.col')?.children.length);
    expect(bodyChildren).toBe(5);

    // Every widget draws, in its frame, at its content's height.
    const liveFrame = await widgetFrame(page, '/embed/live');
    const matchFrame = await widgetFrame(page, `/embed/match/${matchId}`);
    const seasonFrame = await widgetFrame(page, '/embed/season');
    await page.locator('matchday-team-of-the-week').scrollIntoViewIfNeeded();
    const teamFrame = await widgetFrame(page, '/embed/team-of-the-week');
    await expect(matchFrame.locator('main')).toContainText(star.name);
    await expect(matchFrame.locator('.avg').first()).toHaveText(/8\.5/);
    await expect(seasonFrame.locator('main')).toContainText(star.name);
    await expect(teamFrame.locator('main')).toContainText(star.name);
    for (const [element, frame] of [
      ['matchday-live', liveFrame],
      ['matchday-match', matchFrame],
    ] as const) {
      const content = await frame.evaluate(() =>
        Math.ceil(document.documentElement.getBoundingClientRect().height),
      );
      await expect
        .poll(async () => Math.round((await page.locator(element).boundingBox())?.height ?? 0))
        .toBe(content);
    }

    // Live: the score, the phase and how many have rated; no figure before full time.
    const liveMain = liveFrame.locator('main');
    await expect(liveMain).toHaveAttribute('data-phase', 'live');
    await expect(liveMain).toContainText('revealed at full time');
    await expect(liveFrame.getByRole('link', { name: 'Rate the players now' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(liveFrame.locator('[data-raters]')).toHaveText('0');

    // The match moves on: a goal and a fan's ratings. The widget follows on its next read (15 s at most).
    const fan = await apiFan(server, uniqueEmail());
    await rateAllByApi(fan, live, (player) => (player.id === star.id ? 10 : 3));
    await fan.api.dispose();
    expect(
      (await admin.patch(`/api/matches/${live.match.id}`, { data: { homeScore: 1, score: '1-0' } })).ok(),
    ).toBe(true);
    await expect(liveFrame.locator('[data-home]')).toHaveText('1', { timeout: 25_000 });
    await expect(liveFrame.locator('[data-raters]')).toHaveText('1');
    // Still live: no average, no Man of the Match, no rated player named.
    await expect(liveFrame.locator('.avg')).toHaveCount(0);
    await expect(liveMain).not.toContainText(star.name);
    await expect(liveMain).not.toContainText('Man of the Match');

    // Full time: the widget draws the final ratings by itself.
    expect((await admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } })).ok()).toBe(true);
    await expect
      .poll(async () => (await widgetFrame(page, '/embed/live')).locator('main').getAttribute('data-phase'), {
        timeout: 25_000,
      })
      .toBe('full-time');
    const finalFrame = await widgetFrame(page, '/embed/live');
    await expect(finalFrame.locator('.avg').first()).toHaveText(/10\.0$/);
    await expect(finalFrame.locator('main')).toContainText(star.name);

    // The plain frame form draws too.
    await page.goto(`${hostOrigin}/frame`);
    const plain = await widgetFrame(page, '/embed/live');
    await expect(plain.locator('main')).toHaveAttribute('data-phase', 'full-time');

    // 280 px wide: no widget scrolls sideways.
    host.pages.set(
      '/narrow',
      hostPage(
        `<script src="${appOrigin}/embed.js" async></script>
<matchday-live lang="ar"></matchday-live><matchday-match match="${matchId}" lang="ar"></matchday-match>
<matchday-season lang="ar"></matchday-season><matchday-team-of-the-week lang="ar"></matchday-team-of-the-week>`,
        '280px',
      ),
    );
    await page.goto(`${hostOrigin}/narrow`);
    for (const [element, part] of [
      ['matchday-live', '/embed/live'],
      ['matchday-match', '/embed/match/'],
      ['matchday-season', '/embed/season'],
      ['matchday-team-of-the-week', '/embed/team-of-the-week'],
    ] as const) {
      await page.locator(element).scrollIntoViewIfNeeded();
      expect(Math.round((await page.locator(element).boundingBox())?.width ?? 0), element).toBe(280);
      const frame = await widgetFrame(page, part);
      const widths = await frame.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        dir: document.documentElement.dir,
      }));
      expect(widths.scroll, element).toBeLessThanOrEqual(widths.client);
      expect(widths.dir, element).toBe('rtl');
    }

    // No cookie for either site.
    const context = page.context();
    expect(await context.cookies([appOrigin, hostOrigin])).toEqual([]);

    // Off the list: the browser refuses to draw the frame.
    await allowSites(admin, []);
    const fresh = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const refusedPage = await fresh.newPage();
      const refused = new Promise<string>((resolve) => {
        refusedPage.on('console', (message) => {
          if (/frame-ancestors/.test(message.text())) resolve(message.text());
        });
      });
      await refusedPage.goto(`${hostOrigin}/frame`);
      expect(await refused).toMatch(/frame-ancestors 'none'/);
      const frame = refusedPage.frames().find((f) => f !== refusedPage.mainFrame());
      expect(frame).toBeDefined();
      expect(await frame?.evaluate(() => document.querySelector('main.w') !== null).catch(() => false)).toBe(
        false,
      );
      expect(await fresh.cookies([appOrigin, hostOrigin])).toEqual([]);
    } finally {
      await fresh.close();
    }

    // Each widget's page meets the accessibility rules the product's screens do, in both themes.
    for (const url of ['/embed/live', `/embed/match/${matchId}`, '/embed/season', '/embed/team-of-the-week'])
      for (const theme of ['light', 'dark']) {
        await page.goto(`${appOrigin}${url}?lang=en&theme=${theme}`);
        await expectAccessible(page, `${url} (${theme})`);
      }
  } finally {
    await allowSites(admin, []).catch(() => undefined);
    await admin.dispose();
    await host.close();
  }
});
