import { readAuthToken, readStoredUser } from '../storage';
import { CACHE_PREFIX } from './cache-names';

const SERVICE_WORKER_URL = '/sw.js';

/**
 * What a start without network reads first. The first visit makes these reads before the worker
 * controls the page, so they are made again once it does, for the worker to keep; later reads (after
 * signing in, say) pass through it anyway.
 */
const PUBLIC_START_UP_READS = [
  '/api/customization',
  '/api/banners',
  '/api/announcement',
  '/api/social-media',
  '/api/scripts/tracking',
];
const SIGNED_IN_START_UP_READS = [
  '/api/auth/me',
  '/api/matches/current',
  '/api/players/available-for-rating',
];

/**
 * Installs the service worker of a production build once the page has loaded, so its precaching never
 * competes with the first render. The dev server has none: a worker left by an earlier production run
 * on the same address is removed, with its caches, or it would keep serving stale files.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  if (!import.meta.env.PROD) {
    void removeServiceWorkers();
    return;
  }
  const container = navigator.serviceWorker;
  if (!container.controller)
    container.addEventListener('controllerchange', () => void repeatStartUpReads(), { once: true });
  const register = () => {
    container
      .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
      // No worker only means no offline start; the page works as before.
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

async function repeatStartUpReads(): Promise<void> {
  // Signed out, the signed-in reads would only answer 401.
  const paths = readStoredUser()
    ? [...PUBLIC_START_UP_READS, ...SIGNED_IN_START_UP_READS]
    : PUBLIC_START_UP_READS;
  const headers = new Headers({ Accept: 'application/json' });
  const token = readAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  await Promise.all(
    paths.map((path) =>
      fetch(path, { headers, credentials: 'include' }).then(
        () => undefined,
        () => undefined,
      ),
    ),
  );
}

async function removeServiceWorkers(): Promise<void> {
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((r) => r.unregister()));
    if (typeof caches === 'undefined') return;
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX)).map((n) => caches.delete(n)));
  } catch (error) {
    console.warn('Could not remove an earlier service worker', error);
  }
}
