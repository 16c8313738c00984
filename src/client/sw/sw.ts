/// <reference lib="webworker" />
import { API_CACHE, CACHE_PREFIX, shellCacheName } from '../lib/pwa/cache-names';
import { chooseWindow, notificationFor, showsPage, targetUrl, urlOfData } from './sw-push';
import { strategyFor } from './sw-routing';

/**
 * The service worker, served at /sw.js (scope /). Built by the plugin in vite.config.ts, which defines the
 * build's version and the app-shell files to precache.
 */
declare const self: ServiceWorkerGlobalScope;
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

const SHELL_CACHE = shellCacheName(__SW_VERSION__);
const SHELL_FILES = new Set(__SW_PRECACHE__);
/** The page answers every page path itself, so one cached index.html opens any of them. */
const SHELL_URL = '/';
/** A navigation that has not answered by then opens the cached shell (a stadium's crowded network). */
const NAVIGATION_TIMEOUT_MS = 3000;
/** A proxy's answers while the server itself is down or restarting: as good as no network. */
const UNREACHABLE = new Set([502, 503, 504]);
const ME_URL = '/api/auth/me';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // 'reload' skips the HTTP cache, so the shell is this build's files and not older copies.
      await cache.addAll([...SHELL_FILES].map((url) => new Request(url, { cache: 'reload' })));
      // The new build takes over at once: every file the pages need is already cached.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([SHELL_CACHE, API_CACHE]);
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith(CACHE_PREFIX) && !current.has(n)).map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin, SHELL_FILES);
  if (strategy === 'navigation') event.respondWith(navigation(event));
  else if (strategy === 'shell-file') event.respondWith(shellFile(event));
  else if (strategy === 'api') event.respondWith(apiAnswer(event));
  else if (strategy === 'user-change') event.respondWith(userChange(event));
});

// Web Push: the server's notice, in the fan's language, shown with the club's icon (sw-push.ts).
self.addEventListener('push', (event) => {
  const plan = notificationFor(pushText(event.data), self.location.hostname);
  event.waitUntil(self.registration.showNotification(plan.title, plan.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(targetUrl(urlOfData(event.notification.data), self.location.origin)));
});

function pushText(data: PushMessageData | null): string | null {
  try {
    return data ? data.text() : null;
  } catch {
    return null;
  }
}

/** Brings our open window forward on the page (navigating it there unless it shows it), else opens one. */
async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = chooseWindow(windows, self.location.origin);
  if (open) {
    // Focusing may be refused (the browser decides): the page is still the one to navigate.
    const client = await open.focus().catch(() => open);
    if (showsPage(client.url, url)) return;
    // Only a window this worker controls can be navigated; any other gets a new window instead.
    const moved = await client.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

/** Keeps a copy in the background; a refusal (quota, `Vary: *`) only means no offline copy. */
function keep(event: FetchEvent, cacheName: string, response: Response): void {
  const copy = response.clone();
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.put(event.request, copy))
      .catch(() => undefined),
  );
}

/** Network first, so a deploy shows at once; the cached shell when offline or too slow. */
async function navigation(event: FetchEvent): Promise<Response> {
  const network = fetch(event.request);
  // The race may be lost to the timer; the network's later failure is then expected.
  network.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, NAVIGATION_TIMEOUT_MS, undefined);
  });
  try {
    const answer = await Promise.race([network, timeout]);
    if (answer && !UNREACHABLE.has(answer.status)) return answer;
  } catch {
    // Offline: the shell below.
  } finally {
    clearTimeout(timer);
  }
  const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
  // Without a shell (first visit) only the network can answer: wait for it, or fail as the browser would.
  return shell ?? network;
}

/** Hashed assets never change: cache first, and kept on first use (admin chunks, other fonts). */
async function shellFile(event: FetchEvent): Promise<Response> {
  const cached = await caches.match(event.request, { cacheName: SHELL_CACHE });
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok && response.type === 'basic') keep(event, SHELL_CACHE, response);
  return response;
}

/**
 * Network first; the last good answer when the network (or the server) is gone, so a start without
 * network still has the signed-in user, the match and the players to rate. Kept even when marked
 * no-store: the copy is only ever shown offline, and sign-out deletes it. A refusal (401 once the
 * session has ended, 404) drops the copy, so it can never be shown offline afterwards.
 */
async function apiAnswer(event: FetchEvent): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const cached = await caches.match(event.request, { cacheName: API_CACHE });
    if (cached) return cached;
    throw error;
  }
  if (response.ok && response.type === 'basic') keep(event, API_CACHE, response);
  else if (UNREACHABLE.has(response.status))
    return (await caches.match(event.request, { cacheName: API_CACHE })) ?? response;
  else if (response.status >= 400 && response.status < 500)
    event.waitUntil(
      caches
        .open(API_CACHE)
        .then((cache) => cache.delete(event.request))
        .catch(() => undefined),
    );
  return response;
}

/**
 * A write that changes the user (consent): once it succeeds, the kept /api/auth/me is fetched again,
 * with the write's credentials, so a start without network never shows the user as they were before.
 */
async function userChange(event: FetchEvent): Promise<Response> {
  const authorization = event.request.headers.get('authorization');
  const response = await fetch(event.request);
  if (response.ok) {
    const me = new Request(ME_URL, { headers: authorization ? { authorization } : {} });
    event.waitUntil(
      (async () => {
        const cache = await caches.open(API_CACHE);
        const answer = await fetch(me);
        if (answer.ok) await cache.put(ME_URL, answer);
        else await cache.delete(ME_URL);
      })().catch(() => undefined),
    );
  }
  return response;
}
