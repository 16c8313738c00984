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
