import { LIVE_PATH, liveProtocols } from '@shared/live';
import type { LiveAddress } from './live-connection';

interface PageLocation {
  protocol: string;
  host: string;
}

/**
 * The live socket's address on the page's own host, secure when the page is.
 * The page's bearer token (social sign-in) rides in a subprotocol, never in the URL; password sign-in
 * relies on the cookie.
 */
export function liveAddress(location: PageLocation, token: string | null): LiveAddress {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return { url: `${scheme}//${location.host}${LIVE_PATH}`, protocols: liveProtocols(token) };
}
