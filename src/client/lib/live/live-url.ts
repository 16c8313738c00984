import { LIVE_PATH } from '@shared/live';

interface PageLocation {
  protocol: string;
  host: string;
}

/**
 * The live socket's address on the page's own host, secure when the page is (product.md point 7).
 * The page's bearer token (social sign-in) goes in the query; password sign-in relies on the cookie.
 */
export function liveUrl(location: PageLocation, token: string | null): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `${scheme}//${location.host}${LIVE_PATH}${query}`;
}
