import type { UserRow } from '../../db/schema';

/** Only an admin says which sites may frame the widgets. */
export const mayEditEmbedSites = (user: UserRow): boolean => user.isAdmin;

/**
 * A widget page's policy: our own script and the one style block it carries (by its hash, so no other
 * inline style or script runs), reads of our own API, images from anywhere (a club's logo may be
 * hosted elsewhere), no forms, no plugins, and framed only by the admin's sites. No site listed (the
 * default): `'none'`, so the browser refuses every frame until the admin names one.
 */
export function widgetPolicy(origins: readonly string[], styleHash: string): string {
  const ancestors = origins.length ? origins.join(' ') : "'none'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src '${styleHash}'`,
    "img-src 'self' data: https:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

/** Headers of every widget page, beside its policy: never sniffed, and its links say only our origin. */
export const WIDGET_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Another site's page loads it in a frame: it must not be blocked by its embedder's isolation policy.
  'cross-origin-resource-policy': 'cross-origin',
});

/** The scripts other sites load: anyone may run them, from anywhere. */
export const SCRIPT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'cross-origin',
  'access-control-allow-origin': '*',
});
