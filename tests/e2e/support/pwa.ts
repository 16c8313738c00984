import type { Page } from '@playwright/test';

/** Resolves once a service worker controls the page (it claims open pages when it activates). */
export const controlledByServiceWorker = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') ?? false);

/** The API answers the worker keeps for a start without network. */
export const keptApiAnswers = (page: Page) =>
  page.evaluate(async () => {
    const kept: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('matchday-api-')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) kept.push(new URL(request.url).pathname);
    }
    return kept;
  });

/** Failed loads of what the worker never kept are expected offline; anything else (a script error) is not. */
export const OFFLINE_NOISE =
  /ERR_(INTERNET_DISCONNECTED|NETWORK_CHANGED|FAILED)|WebSocket connection to .* failed/;
