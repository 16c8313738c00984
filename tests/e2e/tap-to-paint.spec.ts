import type { Page } from '@playwright/test';
import type { Player } from '../../src/shared/players';
import { expect, pageTookOver, test } from './support/fixtures';
import { apiFan, startMatchAsAdmin } from './support/match-day';

/** A tap on a rating key shows as chosen within this, on a phone's CPU. */
const TAP_TO_PAINT_BUDGET_MS = 100;
/** A mid-range phone runs scripts about four times slower than the reference machine. */
const PHONE_CPU_SLOWDOWN = 4;
/**
 * The reference machine's time for `cpuWork` in this test's page (the 2-core machine this product is built on, idle). A slower
 * or busier machine is slowed less, so the page is timed on the same phone-speed CPU wherever it runs:
 * Lighthouse calibrates its CPU throttling by a benchmark the same way.
 */
const REFERENCE_WORK_MS = 90;

/** A fixed piece of script work in the page (objects, sort, JSON), its fastest of several runs in ms. */
async function cpuWork(page: Page): Promise<number> {
  return page.evaluate(() => {
    const runs: number[] = [];
    for (let r = 0; r < 8; r++) {
      const began = performance.now();
      const items = Array.from({ length: 200_000 }, (_, i) => ({ i, s: String(i) }));
      items.sort((a, b) => b.i - a.i);
      if (JSON.stringify(items).length === 0) throw new Error('unreachable');
      runs.push(performance.now() - began);
    }
    return Math.min(...runs);
  });
}

interface Interaction {
  name: string;
  duration: number;
}

/**
 * Records every interaction's input-to-next-paint (the Event Timing API's duration, what INP is made of),
 * from before the first tap.
 */
async function watchInteractions(page: Page): Promise<() => Promise<Interaction[]>> {
  await page.evaluate(() => {
    const seen: { name: string; duration: number; interactionId: number }[] = [];
    (window as unknown as { __interactions: typeof seen }).__interactions = seen;
    new PerformanceObserver((list) => {
      // interactionId is in Chromium's Event Timing, not yet in TypeScript's DOM types.
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
        if (entry.interactionId > 0)
          seen.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  return async () => {
    // Entries arrive after the paint they measure: a frame later, they are all in.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    return page.evaluate(() => {
      const seen = (
        window as unknown as { __interactions: { name: string; duration: number; interactionId: number }[] }
      ).__interactions;
      // One interaction is several events (pointerdown, pointerup, click): its time is the longest of them.
      const byId = new Map<number, Interaction>();
      for (const e of seen) {
        const kept = byId.get(e.interactionId);
        if (!kept || e.duration > kept.duration)
          byId.set(e.interactionId, { name: e.name, duration: e.duration });
      }
      return [...byId.values()];
    });
  };
}

// Timed, so run alone on the machine (@alone: after the other browser tests, one worker).
test(
  'a tap on a rating key paints as chosen within 100 ms on a phone-speed CPU, through a whole squad, and every rating is saved',
  { tag: '@alone' },
  async ({ page, server, uniqueEmail }, testInfo) => {
    const live = await startMatchAsAdmin(`http://127.0.0.1:${server.port}`, 'Fulham', { substitutes: 3 });
    try {
      const fan = await apiFan(server, uniqueEmail());
      await page.context().addCookies((await fan.api.storageState()).cookies);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: live.match.title })).toBeVisible();
      const players = [...live.starters, ...live.substitutes.slice(0, 3), live.manager] as Player[];
      // The server draws this screen first and the page then replaces it with its own render: the taps are
      // timed on the page's keys, once React holds the root.
      await pageTookOver(page);
      // The page is settled (the fan's empty ratings read) before the CPU is slowed.
      await expect(
        page.getByRole('button', { name: `Rate ${players[0]?.name} 7`, exact: true }),
      ).toBeEnabled();

      const cdp = await page.context().newCDPSession(page);
      const work = await cpuWork(page);
      const rate = Math.min(PHONE_CPU_SLOWDOWN, Math.max(1, (PHONE_CPU_SLOWDOWN * REFERENCE_WORK_MS) / work));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const interactions = await watchInteractions(page);
      const chosen = new Map<number, number>();
      // The squad twice (a fan going back over their marks), so the median rests on over thirty taps, then
      // a change of mind: the first player re-rated.
      const [firstPlayer] = players;
      const taps = [
        ...players.map((p, i) => [p, 5 + (i % 5)] as const),
        ...players.map((p, i) => [p, 1 + (i % 4)] as const),
        ...(firstPlayer ? [[firstPlayer, 10] as const] : []),
      ];
      for (const [player, value] of taps) {
        const key = page.getByRole('button', { name: `Rate ${player.name} ${value}`, exact: true });
        // Scrolled first, so the tap's frame paints the tap, not the scroll.
        await key.scrollIntoViewIfNeeded();
        await key.tap();
        await expect(key).toHaveAttribute('aria-pressed', 'true');
        chosen.set(player.id, value);
      }
      const measured = await interactions();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

      const durations = measured.map((m) => m.duration);
      const sorted = [...durations].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? Number.POSITIVE_INFINITY;
      const worst = sorted.at(-1) ?? Number.POSITIVE_INFINITY;
      const figures = `${durations.length} taps, median ${median} ms, worst ${worst} ms (in order: ${durations.join(', ')})`;
      const cpu = `${PHONE_CPU_SLOWDOWN}x the reference CPU (this one slowed ${rate.toFixed(1)}x; its work took ${work.toFixed(0)} ms against ${REFERENCE_WORK_MS})`;
      testInfo.annotations.push({ type: `tap to paint at ${cpu}`, description: figures });
      console.log(`tap to paint at ${cpu}: ${figures}`);
      // Every tap was measured (a tap the browser saw as no interaction would measure nothing).
      expect(durations.length).toBeGreaterThanOrEqual(taps.length);
      // The typical tap against the budget. The worst is printed, not asserted: without a GPU, a tap that
      // runs no script at all measures 56-120 ms at this slowdown, so the worst says more about the machine
      // than about the page. Every figure is in the output, read against the budget.
      expect(median).toBeLessThanOrEqual(TAP_TO_PAINT_BUDGET_MS);

      // Every rating reached the server as last tapped: the fast paint is not a dropped or reordered write.
      await expect
        .poll(async () => {
          const mine = (await (
            await fan.api.get(`/api/ratings/user/${fan.userId}/match/${live.match.id}`)
          ).json()) as { playerId: number; rating: number }[];
          return new Map(mine.map((r) => [r.playerId, r.rating]));
        })
        .toEqual(chosen);
      await fan.api.dispose();
    } finally {
      await live.admin.dispose();
    }
  },
);
