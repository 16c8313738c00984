import { describe, expect, it } from 'vitest';
import {
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

describe('validTagIds', () => {
  it('keeps ids in the formats the server accepts', () => {
    expect(validTagIds({ gtmContainerId: 'GTM-ABC123', ga4MeasurementId: ' G-XYZ9876 ' })).toEqual({
      gtmContainerId: 'GTM-ABC123',
      ga4MeasurementId: 'G-XYZ9876',
    });
  });

  it('drops anything that could smuggle script', () => {
    const ids = validTagIds({
      gtmContainerId: 'GTM-1234"><script>alert(1)</script>',
      ga4MeasurementId: 'UA-12345-1',
    });
    expect(ids).toEqual({ gtmContainerId: null, ga4MeasurementId: null });
    expect(hasTagIds(ids)).toBe(false);
    expect(validTagIds(undefined)).toEqual({ gtmContainerId: null, ga4MeasurementId: null });
  });
});

describe('tagScriptUrls', () => {
  it('builds the official tag URLs, GTM first', () => {
    expect(tagScriptUrls({ gtmContainerId: 'GTM-ABCD', ga4MeasurementId: 'G-1234ABCD' })).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABCD',
      'https://www.googletagmanager.com/gtag/js?id=G-1234ABCD',
    ]);
    expect(tagScriptUrls({ gtmContainerId: null, ga4MeasurementId: null })).toEqual([]);
  });
});

describe('dataLayer', () => {
  it('starts with consent denied, once', () => {
    const win: TagWindow = {};
    const gtag = ensureDataLayer(win);
    expect(ensureDataLayer(win)).toBe(gtag);
    const first = Array.from(win.dataLayer?.[0] as IArguments);
    expect(first[0]).toBe('consent');
    expect(first[1]).toBe('default');
    expect(first[2]).toMatchObject({ analytics_storage: 'denied', ad_storage: 'denied' });
    expect(Array.from(win.dataLayer?.[1] as IArguments)[0]).toBe('js');
    expect(win.dataLayer).toHaveLength(2);
  });

  it('keeps an existing dataLayer and sends the start, config and app_initialized events', () => {
    const win: TagWindow = { dataLayer: [{ event: 'earlier' }] };
    pushGtmStart(win, 42);
    pushAppInitialized(win, { gtmContainerId: 'GTM-ABCD', ga4MeasurementId: 'G-1234ABCD' }, '/');
    const layer = win.dataLayer ?? [];
    expect(layer[0]).toEqual({ event: 'earlier' });
    expect(layer).toContainEqual({ 'gtm.start': 42, event: 'gtm.js' });
    const calls = layer.map((entry) => ('length' in entry ? Array.from(entry as IArguments) : entry));
    expect(calls).toContainEqual(['config', 'G-1234ABCD', { page_path: '/' }]);
    expect(layer.at(-1)).toEqual({ event: 'app_initialized' });
  });
});

describe('consent updates', () => {
  it('grants analytics only, after the denied default, and denies it again', () => {
    const win: TagWindow = {};
    denyAnalyticsConsent(win);
    // Nothing was ever set up for a visitor who never consented.
    expect(win.dataLayer).toBeUndefined();
    grantAnalyticsConsent(win);
    const calls = (win.dataLayer ?? []).map((entry) => Array.from(entry as IArguments));
    expect(calls[0]?.slice(0, 2)).toEqual(['consent', 'default']);
    expect(calls[2]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    denyAnalyticsConsent(win);
    expect(Array.from(win.dataLayer?.at(-1) as IArguments)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'denied' },
    ]);
  });
});
