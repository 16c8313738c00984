/** How the service worker answers one request; 'pass' leaves it to the browser untouched. */
export type Strategy = 'navigation' | 'shell-file' | 'api' | 'user-change' | 'pass';

export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
}

/**
 * API answers that are never kept: admin and analytics data (large, privileged), the sign-in calls,
 * and health (a kept "ok" would lie). Everything else a fan's page reads is kept for offline starts.
 */
const UNCACHED_API = [
  /^\/api\/admin(\/|$)/,
  /^\/api\/analytics(\/|$)/,
  /^\/api\/motm-leaderboard(\/|$)/,
  /^\/api\/oauth(\/|$)/,
  /^\/api\/auth\/(?!me$)/,
  /^\/api\/health$/,
];

/** Writes that change the signed-in user: the kept /api/auth/me is refreshed after them. */
const USER_CHANGES = /^\/api\/user\/[^/]+\/consent$/;

/** Paths the server answers itself, never with the page: a navigation there must reach it. */
const SERVER_PATHS = /^\/(api|objects|icons|ws)(\/|$)|^\/(sw\.js|manifest\.webmanifest)$/;

/** Picks the strategy for a request, given the worker's origin and the files it precached. */
export function strategyFor(
  request: RequestFacts,
  origin: string,
  shellFiles: ReadonlySet<string>,
): Strategy {
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  const path = url.pathname;
  if (request.method !== 'GET') return USER_CHANGES.test(path) ? 'user-change' : 'pass';
  if (request.mode === 'navigate') {
    // A page path: no file extension and not one of the server's own routes.
    return SERVER_PATHS.test(path) || /\.[a-z0-9]+$/i.test(path) ? 'pass' : 'navigation';
  }
  if (path.startsWith('/assets/') || (path !== '/' && shellFiles.has(path))) return 'shell-file';
  if (path.startsWith('/api/')) return UNCACHED_API.some((re) => re.test(path)) ? 'pass' : 'api';
  // Uploads are named by content and cached for a year by the browser itself.
  return 'pass';
}
