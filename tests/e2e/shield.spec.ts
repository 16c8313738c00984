import type { Player } from '../../src/shared/players';
import { DEFAULT_SHIELD_RULES } from '../../src/shared/shield';
import { expect, expectAccessible, isPhone, signInAndConsent, test } from './support/fixtures';
import { apiFan, type E2EApiFan, startMatchAsAdmin } from './support/match-day';
import { E2E_ADMIN } from './support/servers';

test(
  'the shield: a brigade against one player is held back, the admin reviews it, and the report says how many',
  { tag: '@both-sizes' },
  async ({ page, server, uniqueEmail }, testInfo) => {
    const size = isPhone(testInfo) ? 'phone' : 'desktop';
    const live = await startMatchAsAdmin(
      `http://127.0.0.1:${server.port}`,
      `Rival Forum ${size} ${Date.now() % 100_000}`,
    );
    const fans: E2EApiFan[] = [];
    try {
      const [star, target] = live.starters as [Player, Player];
      const matchId = live.match.id;
      const ballot = async (fan: E2EApiFan, rating: (p: Player) => number, motm: Player) => {
        for (const player of live.available) {
          const answer = await fan.api.post('/api/ratings', {
            data: { userId: fan.userId, playerId: player.id, matchId, rating: rating(player) },
          });
          expect(answer.ok()).toBe(true);
        }
        const voted = await fan.api.post('/api/user-votes', {
          data: { userId: fan.userId, matchId, motmPlayerId: motm.id },
        });
        expect(voted.ok()).toBe(true);
      };
      // Three honest fans, then two who single the target out with a 1 and give everyone else 10.
      fans.push(...(await Promise.all(Array.from({ length: 5 }, () => apiFan(server, uniqueEmail())))));
      const [a, b, c, d, e] = fans as [E2EApiFan, E2EApiFan, E2EApiFan, E2EApiFan, E2EApiFan];
      await Promise.all([a, b, c].map((fan, i) => ballot(fan, () => 6 + i, star)));
      await Promise.all([d, e].map((fan) => ballot(fan, (p) => (p.id === target.id ? 1 : 10), target)));

      // The admin's review queue: the two ballots held back, each with its reasons.
      await signInAndConsent(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto('/admin?tab=analytics');
      // One review card on the page: its parts are found by their test ids.
      const card = page;
      await expect(page.getByRole('heading', { name: 'Ballot Review' })).toBeVisible();
      await expect(card.getByTestId('ballot-counts')).toHaveText('3 counted · 2 held back · 0 excluded');
      const ballots = card.getByTestId('ballot');
      await expect(ballots).toHaveCount(2);
      await expect(ballots.first().getByText('Extreme ratings')).toBeVisible();
      await expect(ballots.first().getByText('Held back')).toBeVisible();
      await ballots.first().scrollIntoViewIfNeeded();
      await expectAccessible(page, `ballot review (${size})`);
      await page.screenshot({ path: testInfo.outputPath('ballot-review.png') });

      // One is counted again by the admin: the decision shows with who made it.
      await ballots
        .first()
        .getByRole('button', { name: /^Count .*'s ballot$/ })
        .click();
      await expect(card.getByTestId('ballot-counts')).toHaveText('4 counted · 1 held back · 0 excluded');
      await expect(card.getByText(/^Decided by /)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('ballot-review-decided.png') });

      // Full time: the public report says how many fans' ballots it rests on and how many were held back.
      expect(
        (
          await live.admin.patch(`/api/matches/${matchId}`, { data: { isLive: false, score: '1-0' } })
        ).status(),
      ).toBe(200);
      const visitor = await page
        .context()
        .browser()
        ?.newPage({ viewport: page.viewportSize() ?? undefined });
      if (!visitor) throw new Error('no browser');
      await visitor.goto(`/matches/${matchId}`.replace(/^/, `http://127.0.0.1:${server.port}`));
      await expect(visitor.getByTestId('report-basis')).toHaveText(
        "The figures rest on 4 fans' ballots · 1 held back by the club's checks against brigading",
      );
      await expectAccessible(visitor, `report with its basis (${size})`);
      await visitor.screenshot({ path: testInfo.outputPath('report-basis.png'), fullPage: true });
      await visitor.close();

      // The rules are the admin's to read and tune in Settings: holding at 6 points, then back at 5.
      await page.goto('/admin?tab=settings');
      const holdAt = page.getByLabel('Hold back at this many points');
      await expect(holdAt).toHaveValue('5');
      await holdAt.fill('6');
      await page.getByRole('button', { name: 'Save rules' }).click();
      await expect(page.getByText('Rules saved').first()).toBeVisible();
      await holdAt.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath('shield-rules.png') });
      expect(await (await live.admin.get('/api/admin/shield/rules')).json()).toMatchObject({ holdAt: 6 });
      // Excluding at fewer points than holding is refused by the form, before any request.
      await page.getByLabel('Exclude at this many points').fill('4');
      await page.getByRole('button', { name: 'Save rules' }).click();
      await expect(page.getByText(/excluding needs more points than holding/)).toBeVisible();
      await page.getByLabel('Exclude at this many points').fill('7');
      await holdAt.fill('5');
      await page.getByRole('button', { name: 'Save rules' }).click();
      await expect
        .poll(async () => (await (await live.admin.get('/api/admin/shield/rules')).json()).holdAt)
        .toBe(5);
    } finally {
      // The worker's server serves the next test: the default rules back, whatever happened here.
      await live.admin.put('/api/admin/shield/rules', { data: DEFAULT_SHIELD_RULES });
      for (const fan of fans) await fan.api.dispose();
      await live.admin.dispose();
    }
  },
);

test('the ground: a consenting fan’s vote from the stand is marked, and the report shows the ground’s verdict beside everyone’s', async ({
  page,
  server,
  uniqueEmail,
}, testInfo) => {
  const origin = `http://127.0.0.1:${server.port}`;
  const live = await startMatchAsAdmin(origin, `Ground Day ${Date.now() % 100_000}`);
  const fans: E2EApiFan[] = [];
  const stand = { latitude: 53.4633, longitude: -2.291, accuracy: 20 };
  try {
    const [star] = live.starters as [Player];
    const matchId = live.match.id;

    // The admin sets the ground in Settings: its place, its radius, and one fan enough for its verdict.
    await signInAndConsent(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin?tab=settings');
    const ground = page.getByRole('region', { name: 'At the ground' });
    await ground.getByRole('switch', { name: 'Mark ballots cast at the ground' }).click();
    await ground.getByLabel('Latitude (degrees)').fill('53.4631');
    await ground.getByLabel('Longitude (degrees)').fill('-2.2913');
    await ground.getByLabel('Radius (metres)').fill('600');
    await ground.getByLabel('Fewest fans at the ground for its verdict').fill('1');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText('Rules saved').first()).toBeVisible();
    expect((await (await live.admin.get('/api/admin/shield/rules')).json()).ground).toEqual({
      enabled: true,
      latitude: 53.4631,
      longitude: -2.2913,
      radiusMetres: 600,
      minFans: 1,
    });
    await ground.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'the ground in the shield rules');
    await page.screenshot({ path: testInfo.outputPath('ground-rules.png') });

    // A fan in the stand who consented to location rates everyone 9 and submits from the page; a fan at
    // home rates everyone 5 and sends no position.
    const inStand = await apiFan(server, uniqueEmail());
    const atHome = await apiFan(server, uniqueEmail());
    fans.push(inStand, atHome);
    expect(
      (
        await inStand.api.patch(`/api/user/${inStand.userId}/consent`, {
          data: { consentGiven: true, geolocationConsent: true },
        })
      ).ok(),
    ).toBe(true);
    for (const [fan, rating] of [
      [inStand, 9],
      [atHome, 5],
    ] as const)
      for (const player of live.available) {
        const answer = await fan.api.post('/api/ratings', {
          data: { userId: fan.userId, playerId: player.id, matchId, rating },
        });
        expect(answer.ok()).toBe(true);
      }
    expect(
      (
        await atHome.api.post('/api/user-votes', {
          data: { userId: atHome.userId, matchId, motmPlayerId: star.id },
        })
      ).ok(),
    ).toBe(true);
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    const fanContext = await browser.newContext({
      baseURL: origin,
      viewport: page.viewportSize() ?? undefined,
      geolocation: stand,
      permissions: ['geolocation'],
    });
    try {
      await fanContext.addCookies((await inStand.api.storageState()).cookies);
      const fanPage = await fanContext.newPage();
      await fanPage.goto('/');
      await fanPage.getByRole('button', { name: `Select as MOTM: ${star.name}`, exact: true }).click();
      const vote = fanPage.waitForRequest((request) => request.url().endsWith('/api/user-votes'));
      await fanPage
        .getByRole('region', { name: 'Voting Progress' })
        .getByRole('button', { name: 'Submit Vote' })
        .click();
      // The page sends the position once, with the vote; the server keeps only the mark.
      expect((await vote).postDataJSON()).toMatchObject({ location: stand });
      await expect(fanPage.locator('#motm-card').getByText(star.name).first()).toBeVisible();
      await expect(fanPage.getByTestId('results-basis')).toHaveText(
        "The figures rest on 2 fans' ballots · 0 held back by the club's checks against brigading",
      );
      await fanPage.getByTestId('results-basis').scrollIntoViewIfNeeded();
      await fanPage.screenshot({ path: testInfo.outputPath('results-basis.png') });
    } finally {
      await fanContext.close();
    }

    // Full time: the report shows the ground's 9s beside everyone's 7s.
    expect(
      (await live.admin.patch(`/api/matches/${matchId}`, { data: { isLive: false, score: '2-0' } })).status(),
    ).toBe(200);
    await page.goto(`/matches/${matchId}`);
    await expect(page.getByTestId('ground-summary')).toHaveText(
      "1 fan voted from the ground: their averages beside everyone's.",
    );
    const first = page.getByRole('listitem').filter({ hasText: star.name }).first();
    await expect(first.getByTestId('ground-average')).toContainText('9.0');
    await expect(first).toContainText('7.0');
    await expectAccessible(page, 'the report with the ground’s verdict');
    await page.screenshot({ path: testInfo.outputPath('report-ground.png'), fullPage: true });
  } finally {
    await live.admin.put('/api/admin/shield/rules', { data: DEFAULT_SHIELD_RULES });
    for (const fan of fans) await fan.api.dispose();
    await live.admin.dispose();
  }
});
