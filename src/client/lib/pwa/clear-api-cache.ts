import { API_CACHE_PREFIX } from './cache-names';

/**
 * Deletes the API answers the service worker kept for offline starts, so the next person on this device
 * never sees the previous user's data. Never throws: signing out must go on.
 */
export async function clearApiCache(): Promise<void> {
  // Cache Storage exists only in secure contexts (https, localhost).
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(API_CACHE_PREFIX)).map((n) => caches.delete(n)));
  } catch (error) {
    console.warn('Could not clear the offline copies of API answers', error);
  }
}
