import { GA4_ID, GTM_ID } from '@shared/tracking';

/**
 * Google Tag Manager and GA4 loaded the CSP-friendly way: no inline script and no server HTML put into
 * the page, only the official tag scripts by URL, built here from ids that must match their formats.
 */

export const TAG_HOST = 'https://www.googletagmanager.com';
/** The analytics config and the app_initialized event go out 1 s after start. */
export const APP_INITIALIZED_DELAY_MS = 1000;

export interface TagIds {
  gtmContainerId: string | null;
  ga4MeasurementId: string | null;
}

/** The ids that pass the same format checks as the server's; anything else is dropped. */
export function validTagIds(ids: Partial<TagIds> | null | undefined): TagIds {
  const gtm = ids?.gtmContainerId?.trim() ?? '';
  const ga4 = ids?.ga4MeasurementId?.trim() ?? '';
  return {
    gtmContainerId: GTM_ID.test(gtm) ? gtm : null,
    ga4MeasurementId: GA4_ID.test(ga4) ? ga4 : null,
  };
}

export function hasTagIds(ids: TagIds): boolean {
  return ids.gtmContainerId !== null || ids.ga4MeasurementId !== null;
}

/** The script URLs for the ids, GTM first. */
export function tagScriptUrls(ids: TagIds): string[] {
  const urls: string[] = [];
  if (ids.gtmContainerId) urls.push(`${TAG_HOST}/gtm.js?id=${encodeURIComponent(ids.gtmContainerId)}`);
  if (ids.ga4MeasurementId) {
    urls.push(`${TAG_HOST}/gtag/js?id=${encodeURIComponent(ids.ga4MeasurementId)}`);
  }
  return urls;
}

type DataLayerEntry = Record<string, unknown> | IArguments;

export interface TagWindow {
  dataLayer?: DataLayerEntry[];
  gtag?: (...args: unknown[]) => void;
}

/**
 * Creates window.dataLayer and gtag() once, with consent mode defaulting every storage to 'denied'
 * before any tag script can run. Returns the gtag function.
 */
export function ensureDataLayer(win: TagWindow): (...args: unknown[]) => void {
  if (!Array.isArray(win.dataLayer)) win.dataLayer = [];
  if (typeof win.gtag !== 'function') {
    const layer = win.dataLayer;
    // gtag.js reads the Arguments object itself (not an array), as in Google's own snippet.
    win.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js requires the Arguments object.
      layer.push(arguments);
    };
    win.gtag('consent', 'default', {
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      wait_for_update: 500,
    });
    win.gtag('js', new Date());
  }
  return win.gtag;
}

/**
 * The signed-in fan gave consent: analytics storage is granted (ads stay denied). Sent before any tag
 * loads, right after the denied default, so no tag ever runs without the fan's answer.
 */
export function grantAnalyticsConsent(win: TagWindow): void {
  ensureDataLayer(win)('consent', 'update', { analytics_storage: 'granted' });
}

/** Consent withdrawn or the fan signed out: tags already on the page may no longer store anything. */
export function denyAnalyticsConsent(win: TagWindow): void {
  if (typeof win.gtag !== 'function') return;
  win.gtag('consent', 'update', { analytics_storage: 'denied' });
}

/** What a container needs before gtm.js loads: its start event. */
export function pushGtmStart(win: TagWindow, now: number): void {
  ensureDataLayer(win);
  win.dataLayer?.push({ 'gtm.start': now, event: 'gtm.js' });
}

/** The analytics config and the app_initialized event. */
export function pushAppInitialized(win: TagWindow, ids: TagIds, pagePath: string): void {
  const gtag = ensureDataLayer(win);
  if (ids.ga4MeasurementId) gtag('config', ids.ga4MeasurementId, { page_path: pagePath });
  win.dataLayer?.push({ event: 'app_initialized' });
}
