import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOOT_ELEMENT_ID, type Boot } from '@shared/boot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFan, type LiveMatch, setupLiveMatch } from '../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../tests/server/test-app';
import { TimeBudget } from './first-screen';

const PAGE =
  '<!doctype html><html lang="en"><head><title>Live Player Ratings</title></head><body><div id="root"></div><script type="module" src="/assets/index-Abc123.js"></script></body></html>';
const METRICS_TOKEN = 'first-screen-scrape-token-0123456789';
const NAVIGATION = { 'sec-fetch-mode': 'navigate', accept: 'text/html' };
const PHONE = { ...NAVIGATION, 'sec-ch-ua-mobile': '?1' };
const DESKTOP = { ...NAVIGATION, 'sec-ch-ua-mobile': '?0' };

let dir: string;
let t: TestContext;
let live: LiveMatch;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'matchday-first-screen-'));
  writeFileSync(path.join(dir, 'index.html'), PAGE);
  t = await createTestContext({ clientDir: dir, env: { METRICS_TOKEN } });
  live = await setupLiveMatch(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** How many navigations went out each way so far, from the server's own counter. */
async function outcomes(): Promise<Record<'drawn' | 'reused' | 'built', number>> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const count = (outcome: string) =>
    Number(
      new RegExp(`^matchday_first_screens_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(
        res.body,
      )?.[1] ?? 0,
    );
  return { drawn: count('drawn'), reused: count('reused'), built: count('built') };
}

function bootIn(html: string): Boot {
  const match = new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">(.*?)</script>`).exec(
    html,
  );
  if (!match?.[1]) throw new Error('no boot answers in the page');
  return JSON.parse(match[1]) as Boot;
}

describe('the first screen, drawn on the server', () => {
  it('sends a signed-in fan the live match and the first player’s 1-10 keys before any script runs', async () => {
    const fan = await createFan(t);
    const [first] = live.available;
    if (!first) throw new Error('no player');
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...PHONE, cookie: fan.cookie },
    });
    expect(page.statusCode).toBe(200);
    // The fan's own page: never kept by a shared cache, never answered from another fan's copy.
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toContain('cookie');
    const html = page.body;
    expect(html).toContain(live.match.title);
    expect(html).toContain(`aria-label="Rate ${first.name} 1"`);
    // A phone's: the progress bar at the bottom of the screen is drawn too.
    expect(html).toContain('data-bottom-bar');
    expect(html).toContain('Voting Progress');
    // The answers it was drawn from, under the keys the page caches them by.
    const boot = bootIn(html);
    expect(boot.user?.id).toBe(fan.user.id);
    expect(boot.answers.map((a) => a.key[0])).toEqual(
      expect.arrayContaining(['/api/matches/current', '/api/players/available-for-rating']),
    );
    expect(boot.answers.find((a) => a.key[0] === '/api/matches/current')?.data).toMatchObject({
      id: live.match.id,
    });
  });

  it('draws the wide layout for a desktop browser, without the phone’s bar', async () => {
    const fan = await createFan(t);
    const [first] = live.available;
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { ...DESKTOP, cookie: fan.cookie } });
    expect(page.body).toContain(`aria-label="Rate ${first?.name} 1"`);
    expect(page.body).not.toContain('data-bottom-bar');
  });

  it('escapes what a fan typed so it cannot close the script that carries it', async () => {
    const fan = await createFan(t, { name: 'Eve </script><script>alert(1)</script>' });
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...NAVIGATION, cookie: fan.cookie },
    });
    const scripts = page.body.match(/<script/g) ?? [];
    // The page's own module and the boot answers: nothing the fan's name could add.
    expect(scripts).toHaveLength(2);
    expect(bootIn(page.body).user?.name).toBe('Eve </script><script>alert(1)</script>');
  });

  it('sends the page as built to anyone else: a stale session, a non-navigation, another path', async () => {
    const fan = await createFan(t);
    for (const headers of [
      { ...NAVIGATION, cookie: 'matchday_session=not-a-session' },
      // The service worker fetching the shell it keeps for every user of the device.
      { cookie: fan.cookie },
    ]) {
      const page = await t.app.inject({ method: 'GET', url: '/', headers });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(PAGE);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const other = await t.app.inject({
      method: 'GET',
      url: '/?auth=success',
      headers: { ...NAVIGATION, cookie: fan.cookie },
    });
    expect(other.body).toBe(PAGE);
  });

  it('one fan reloading 32 times at once costs one drawing: the others are sent the same bytes', async () => {
    const fan = await createFan(t);
    const before = await outcomes();
    const pages = await Promise.all(
      Array.from({ length: 32 }, () =>
        t.app.inject({ method: 'GET', url: '/', headers: { ...PHONE, cookie: fan.cookie } }),
      ),
    );
    for (const page of pages) expect(bootIn(page.body).user?.id).toBe(fan.user.id);
    const after = await outcomes();
    expect(after.drawn - before.drawn).toBe(1);
    expect(after.reused - before.reused).toBe(31);
    expect(after.built - before.built).toBe(0);
  });

  it("a session's last drawing is sent again while its answers are unchanged, and never once they changed", async () => {
    const fan = await createFan(t);
    const open = () => t.app.inject({ method: 'GET', url: '/', headers: { ...PHONE, cookie: fan.cookie } });
    const first = await open();
    const before = await outcomes();
    const again = await open();
    expect(again.body).toBe(first.body);
    expect((await outcomes()).reused - before.reused).toBe(1);

    // A rating changes the fan's answers: the kept drawing is stale. Drawn again so soon, the page goes
    // out as built (it draws itself from the fresh answers), never the old picture.
    const [player] = live.available;
    const rated = await fan.api.post('/api/ratings', {
      userId: fan.user.id,
      playerId: player?.id,
      matchId: live.match.id,
      rating: 9,
    });
    expect(rated.status).toBe(200);
    const after = await open();
    expect(after.body).not.toBe(first.body);
    expect(after.body).toBe(PAGE);
  });
});

describe('the drawing budget', () => {
  it('allows its burst, refuses once spent, and refills at its rate', () => {
    let now = 0;
    const budget = new TimeBudget(250, 1_000, () => now);
    expect(budget.available()).toBe(true);
    budget.spend(1_000);
    expect(budget.available()).toBe(false);
    now += 100; // 25 ms back
    expect(budget.available()).toBe(true);
    budget.spend(40);
    expect(budget.available()).toBe(false);
    now += 10_000; // never more than the burst
    expect(budget.available()).toBe(true);
    budget.spend(999);
    expect(budget.available()).toBe(true);
    budget.spend(1);
    expect(budget.available()).toBe(false);
  });
});
