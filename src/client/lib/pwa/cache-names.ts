/**
 * Cache Storage names, shared by the service worker (src/client/sw) and the page. The worker deletes
 * every cache of ours that is not one of its own when it takes over.
 */
export const CACHE_PREFIX = 'matchday-';

/** The app shell: index.html, the entry's scripts, styles and fonts, and hashed assets used since. */
export const shellCacheName = (buildVersion: string) => `${CACHE_PREFIX}shell-${buildVersion}`;

/** Every API cache's name starts so, whatever its revision: sign-out deletes them all. */
export const API_CACHE_PREFIX = `${CACHE_PREFIX}api-`;

/**
 * API answers kept for a start without network. Not tied to the build, so a deploy keeps them; bump
 * the revision when the API's answers change shape, so no old shape is ever read by a new page.
 */
export const API_CACHE = `${API_CACHE_PREFIX}v1`;
