import { useEffect } from 'react';
import {
  APP_INITIALIZED_DELAY_MS,
  denyAnalyticsConsent,
  ensureDataLayer,
  grantAnalyticsConsent,
  hasTagIds,
  pushAppInitialized,
  pushGtmStart,
  type TagWindow,
  tagScriptUrls,
  validTagIds,
} from './google-tags';

// A tag script is added to the page once per URL for the page's lifetime (a tag cannot be unloaded).
const loadedUrls = new Set<string>();

function loadScriptOnce(url: string): void {
  if (loadedUrls.has(url)) return;
  loadedUrls.add(url);
  const script = document.createElement('script');
  script.async = true;
  script.src = url;
  // Blocked by an ad blocker, the network or the content policy: analytics is never worth an error.
  script.onerror = () => console.warn(`Tracking script could not load: ${url}`);
  document.head.appendChild(script);
}

/**
 * Mounted only for a signed-in fan who gave consent (see TrackingScripts). Sets up the dataLayer with
 * consent denied by default and then granted for analytics, loads each tag script once and, 1 s later,
 * sends the analytics config and 'app_initialized'. New ids run this again.
 * Unmounted (consent gone, signed out), it denies analytics storage again. Renders nothing.
 */
export function TagScripts({ gtm, ga4 }: { gtm: string | null; ga4: string | null }) {
  // Declared first, so the grant is in the dataLayer before the effect below loads any tag.
  useEffect(() => {
    const win = window as unknown as TagWindow;
    try {
      grantAnalyticsConsent(win);
    } catch (error) {
      console.warn('Analytics consent could not be set', error);
    }
    return () => {
      try {
        denyAnalyticsConsent(win);
      } catch (error) {
        console.warn('Analytics consent could not be withdrawn', error);
      }
    };
  }, []);

  useEffect(() => {
    const ids = validTagIds({ gtmContainerId: gtm, ga4MeasurementId: ga4 });
    if (!hasTagIds(ids)) return;
    const win = window as unknown as TagWindow;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      ensureDataLayer(win);
      const gtmUrl = tagScriptUrls({ gtmContainerId: ids.gtmContainerId, ga4MeasurementId: null })[0];
      if (gtmUrl && !loadedUrls.has(gtmUrl)) pushGtmStart(win, Date.now());
      for (const url of tagScriptUrls(ids)) loadScriptOnce(url);
      timer = setTimeout(() => {
        try {
          pushAppInitialized(win, ids, window.location.pathname);
        } catch (error) {
          console.warn('Analytics initialisation failed', error);
        }
      }, APP_INITIALIZED_DELAY_MS);
    } catch (error) {
      console.warn('Tracking scripts could not start', error);
    }
    return () => clearTimeout(timer);
  }, [gtm, ga4]);

  return null;
}
