import type { Player } from '../../src/shared/players';
import { expect, registerVerified, signInAndConsent, test, watchConsoleErrors } from './support/fixtures';
import { startMatchAsAdmin } from './support/match-day';

/**
 * The server refusing ratings with 503 (its database unreachable, see tests/faults): the page keeps
 * the fan's rating, shows it as waiting, and sends it once the server takes a rating again — exactly once.
 */
test('a rating refused with 503 is kept and replayed once the server answers again', async ({
  browser,
  server,
  uniqueEmail,
}) => {
  const baseURL = `http://127.0.0.1:${server.port}`;
  const live = await startMatchAsAdmin(baseURL, 'Fulham');
  const [star, other] = live.starters as [Player, Player];
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  try {
    const fan = await context.newPage();
    // The refused calls are logged by Chromium; anything else is a failure.
    const consoleErrors = watchConsoleErrors(fan, /status of 503|Rating failed; kept for a later sync/);
    const email = uniqueEmail();
    await registerVerified(fan, server, email, 'fault-password-1');
    await signInAndConsent(fan, email, 'fault-password-1');
    await expect(fan.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();

    let refused = 0;
    await fan.route('**/api/ratings', (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      refused++;
      return route.fulfill({
        status: 503,
        json: { message: 'Service temporarily unavailable. Please try again shortly.' },
      });
    });
    const button = fan.getByRole('button', { name: `Rate ${star.name} 8`, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(button).toHaveAccessibleDescription('Saved offline — will sync');
    expect(refused).toBe(1);

    // The server answers again. The socket never dropped and the browser never went offline: the next
    // rating the server takes sends what was kept, without a reload.
    await fan.unroute('**/api/ratings');
    await fan.getByRole('button', { name: `Rate ${other.name} 6`, exact: true }).click();
    await expect(fan.getByText('1 offline rating(s) synced successfully.').first()).toBeVisible();
    await expect(fan.getByText('Saved offline — will sync')).toHaveCount(0);
    await expect(fan.getByRole('button', { name: `Rate ${star.name} 8`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const stats = await live.admin.get(`/api/ratings/player/${star.id}/match/${live.match.id}`);
    expect(await stats.json()).toEqual({ average: 8, count: 1 });
    const next = await live.admin.get(`/api/ratings/player/${other.id}/match/${live.match.id}`);
    expect(await next.json()).toEqual({ average: 6, count: 1 });
    expect(consoleErrors(), 'console errors on the page').toEqual([]);
  } finally {
    await context.close();
    await live.admin.patch(`/api/matches/${live.match.id}`, { data: { isLive: false } });
    await live.admin.dispose();
  }
});
