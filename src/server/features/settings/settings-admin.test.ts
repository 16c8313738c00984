import type { Customization, SocialMedia } from '@shared/settings';
import { CUSTOMIZATION_ERRORS } from '@shared/settings-admin';

const DEFAULT_COLOURS = { primaryColour: '#da291c', secondaryColour: '#1a1a1a' };

import { TRACKING_ERRORS, type TrackingScripts, type TrackingSettings } from '@shared/tracking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createFan } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { trackingSettings } from '../../db/schema';
import { buildTrackingScripts } from './tracking.service';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createFan>>;
let fan: Awaited<ReturnType<typeof createFan>>;
beforeAll(async () => {
  t = await createTestContext();
  admin = await createFan(t, { isAdmin: true });
  fan = await createFan(t);
});
afterAll(() => t.close());

const API_KEY = 'bh_live_SECRETkey0123456789wxyz';

describe('authorization', () => {
  it.each([
    ['GET', '/api/admin/customization'],
    ['POST', '/api/admin/customization'],
    ['GET', '/api/admin/social-media'],
    ['POST', '/api/admin/social-media'],
    ['GET', '/api/admin/tracking'],
    ['POST', '/api/admin/tracking'],
  ])('%s %s: anonymous 401, fan 403', async (method, url) => {
    const call = (api: ReturnType<typeof client>) => (method === 'GET' ? api.get(url) : api.post(url, {}));
    expect(await call(client(t))).toEqual({
      status: 401,
      body: { message: 'Not authenticated', code: expect.any(String) },
    });
    expect(await call(fan.api)).toEqual({
      status: 403,
      body: { message: 'Admin access required', code: expect.any(String) },
    });
  });

  it('refuses a malformed body from a fan with 403, not 400', async () => {
    expect((await fan.api.post('/api/admin/tracking', { gtmContainerId: '<script>' })).status).toBe(403);
    expect((await client(t).post('/api/admin/tracking', { gtmContainerId: '<script>' })).status).toBe(401);
  });
});

describe('customization', () => {
  it('reads the club name until a company name is saved, and saves every field', async () => {
    expect(await admin.api.get('/api/admin/customization')).toEqual({
      status: 200,
      body: {
        companyName: 'Manchester United',
        description: null,
        logoUrl: null,
        headerImageUrl: null,
        ...DEFAULT_COLOURS,
      },
    });
    const saved = await admin.api.post<Customization>('/api/admin/customization', {
      companyName: '  Red Devils Fan Club ',
      description: 'Ratings by the fans',
      logoUrl: '/objects/3f2a9c.webp',
      headerImageUrl: 'https://cdn.example.com/header.png',
    });
    const expected = {
      companyName: 'Red Devils Fan Club',
      description: 'Ratings by the fans',
      logoUrl: '/objects/3f2a9c.webp',
      headerImageUrl: 'https://cdn.example.com/header.png',
      ...DEFAULT_COLOURS,
    };
    expect(saved).toEqual({ status: 200, body: expected });
    expect((await admin.api.get('/api/admin/customization')).body).toEqual(expected);
    expect((await client(t).get('/api/customization')).body).toEqual(expected);
  });

  it('falls back to the club name when the company name is blank, and clears omitted fields', async () => {
    const saved = await admin.api.post<Customization>('/api/admin/customization', {
      companyName: '   ',
      description: 'Still here',
    });
    expect(saved.body).toEqual({
      companyName: 'Manchester United',
      description: 'Still here',
      logoUrl: null,
      headerImageUrl: null,
      ...DEFAULT_COLOURS,
    });
    expect((await client(t).get<Customization>('/api/customization')).body.companyName).toBe(
      'Manchester United',
    );
  });

  it.each([
    ['logoUrl', 'javascript:alert(1)', CUSTOMIZATION_ERRORS.logoUrl],
    ['logoUrl', 'data:image/svg+xml;base64,PHN2Zz4=', CUSTOMIZATION_ERRORS.logoUrl],
    ['logoUrl', '//evil.example/logo.png', CUSTOMIZATION_ERRORS.logoUrl],
    ['logoUrl', 'https://cdn.example/a.png" onerror="x', CUSTOMIZATION_ERRORS.logoUrl],
    ['headerImageUrl', 'ftp://cdn.example/header.png', CUSTOMIZATION_ERRORS.headerImageUrl],
    ['headerImageUrl', '/uploads/header.png', CUSTOMIZATION_ERRORS.headerImageUrl],
  ])('refuses %s %j with 400', async (field, value, error) => {
    expect(await admin.api.post('/api/admin/customization', { [field]: value })).toEqual({
      status: 400,
      body: error,
    });
  });

  it('refuses over-long text with the schema message', async () => {
    expect(await admin.api.post('/api/admin/customization', { companyName: 'x'.repeat(81) })).toEqual({
      status: 400,
      body: { message: 'Must be at most 80 characters', code: expect.any(String) },
    });
    expect(await admin.api.post('/api/admin/customization', { description: 'x'.repeat(501) })).toEqual({
      status: 400,
      body: { message: 'Must be at most 500 characters', code: expect.any(String) },
    });
  });
});

describe("the club's colours", () => {
  const save = (body: Record<string, string | null>) =>
    admin.api.post<Customization>('/api/admin/customization', body);

  it('saves a pair in lower case, serves it publicly, keeps it when left out and returns to the default on null', async () => {
    expect((await save({ primaryColour: '#0B3D91', secondaryColour: ' #FFFFFF ' })).body).toMatchObject({
      primaryColour: '#0b3d91',
      secondaryColour: '#ffffff',
    });
    expect((await client(t).get<Customization>('/api/customization')).body).toMatchObject({
      primaryColour: '#0b3d91',
      secondaryColour: '#ffffff',
    });
    // The branding form's other fields alone leave the colours as they are.
    expect((await save({ companyName: 'Blues' })).body).toMatchObject({
      companyName: 'Blues',
      primaryColour: '#0b3d91',
      secondaryColour: '#ffffff',
    });
    expect((await save({ primaryColour: null, secondaryColour: null })).body).toMatchObject(DEFAULT_COLOURS);
  });

  it('refuses a pair too alike to be drawn on each other (yellow on white) with 400, and stores nothing', async () => {
    const refused = await save({
      companyName: 'Canaries',
      primaryColour: '#ffff00',
      secondaryColour: '#ffffff',
    });
    expect(refused).toEqual({ status: 400, body: CUSTOMIZATION_ERRORS.coloursTooAlike });
    expect(refused.body).toEqual({
      code: 'customization.coloursTooAlike',
      message: expect.stringContaining('at least 3:1'),
    });
    expect((await admin.api.get<Customization>('/api/admin/customization')).body).toMatchObject({
      companyName: 'Manchester United',
      ...DEFAULT_COLOURS,
    });
  });

  it('checks one colour given alone against the stored other', async () => {
    expect((await save({ primaryColour: '#ffff00', secondaryColour: '#000000' })).status).toBe(200);
    // Yellow with a white secondary: too alike, though only the secondary was sent.
    expect(await save({ secondaryColour: '#ffffff' })).toEqual({
      status: 400,
      body: CUSTOMIZATION_ERRORS.coloursTooAlike,
    });
    // null returns the primary to the default red, beside the stored black.
    expect((await save({ primaryColour: null })).body).toMatchObject({
      primaryColour: '#da291c',
      secondaryColour: '#000000',
    });
    await save({ primaryColour: null, secondaryColour: null });
  });

  it.each(['red', '#fff', '0b3d91', '#0b3d9g', 'url(x)'])('refuses the colour %j with 400', async (value) => {
    expect(await save({ primaryColour: value })).toEqual({
      status: 400,
      body: CUSTOMIZATION_ERRORS.colourFormat,
    });
  });
});

describe('social media', () => {
  it('saves http(s) links, blanks as null, and serves them publicly', async () => {
    expect((await admin.api.get('/api/admin/social-media')).body).toEqual({
      youtube: null,
      youtubeVideo: null,
      instagram: null,
      facebook: null,
      tiktok: null,
    });
    const links = {
      youtube: 'https://www.youtube.com/@club',
      youtubeVideo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      instagram: 'http://instagram.com/club',
      facebook: '  ',
      tiktok: null,
    };
    const expected = { ...links, facebook: null };
    expect(await admin.api.post<SocialMedia>('/api/admin/social-media', links)).toEqual({
      status: 200,
      body: expected,
    });
    expect((await admin.api.get('/api/admin/social-media')).body).toEqual(expected);
    expect((await client(t).get('/api/social-media')).body).toEqual(expected);
  });

  it.each(['javascript:alert(1)', 'ftp://club.example', 'www.club.example', 'https://a b'])(
    'refuses the link %j with 400',
    async (link) => {
      expect(await admin.api.post('/api/admin/social-media', { instagram: link })).toEqual({
        status: 400,
        body: {
          message: 'Links must start with http:// or https://',
          code: expect.any(String),
        },
      });
    },
  );
});

describe('tracking', () => {
  it('starts empty', async () => {
    expect(await admin.api.get('/api/admin/tracking')).toEqual({
      status: 200,
      body: {
        gtmContainerId: null,
        ga4MeasurementId: null,
        beehiivApiKey: null,
        beehiivApiKeySet: false,
        beehiivPublicationId: null,
      },
    });
    expect(await client(t).get('/api/scripts/tracking')).toEqual({
      status: 200,
      body: { header: '', body: '', gtmContainerId: null, ga4MeasurementId: null },
    });
  });

  it('saves the ids and key, and shows the key only masked', async () => {
    const saved = await admin.api.post<TrackingSettings>('/api/admin/tracking', {
      gtmContainerId: 'GTM-ABC123',
      ga4MeasurementId: 'G-ABCDEF1234',
      beehiivApiKey: API_KEY,
      beehiivPublicationId: 'pub_00000000-1111-2222',
    });
    const expected = {
      gtmContainerId: 'GTM-ABC123',
      ga4MeasurementId: 'G-ABCDEF1234',
      beehiivApiKey: '••••••••wxyz',
      beehiivApiKeySet: true,
      beehiivPublicationId: 'pub_00000000-1111-2222',
    };
    expect(saved).toEqual({ status: 200, body: expected });
    expect(await admin.api.get('/api/admin/tracking')).toEqual({ status: 200, body: expected });
    const [row] = await t.db.select().from(trackingSettings);
    expect(row?.beehiivApiKey).toBe(API_KEY);
  });

  it('keeps the key when it is omitted or sent back masked, and clears it with an empty string', async () => {
    const masked = (await admin.api.get<TrackingSettings>('/api/admin/tracking')).body.beehiivApiKey;
    const ids = { gtmContainerId: 'GTM-ABC123', ga4MeasurementId: 'G-ABCDEF1234' };
    await admin.api.post('/api/admin/tracking', { ...ids, beehiivApiKey: masked });
    expect((await t.db.select().from(trackingSettings))[0]?.beehiivApiKey).toBe(API_KEY);
    await admin.api.post('/api/admin/tracking', ids);
    expect((await t.db.select().from(trackingSettings))[0]?.beehiivApiKey).toBe(API_KEY);

    const cleared = await admin.api.post<TrackingSettings>('/api/admin/tracking', {
      ...ids,
      beehiivApiKey: '',
    });
    expect(cleared.body).toMatchObject({ beehiivApiKey: null, beehiivApiKeySet: false });
    expect((await t.db.select().from(trackingSettings))[0]?.beehiivApiKey).toBeNull();

    // A short key is fully masked: its last characters would be most of it.
    const short = await admin.api.post<TrackingSettings>('/api/admin/tracking', {
      ...ids,
      beehiivApiKey: 'abc12345',
    });
    expect(short.body).toMatchObject({ beehiivApiKey: '••••••••', beehiivApiKeySet: true });
    await admin.api.post('/api/admin/tracking', { ...ids, beehiivApiKey: API_KEY });
  });

  // A schema's plain wording goes out under the general code; the key's format is an error of its own.
  const invalid = (message: string) => ({ message, code: 'request.invalid' });
  it.each([
    [{ gtmContainerId: '<script>' }, invalid('GTM container id must look like GTM-XXXXXXX')],
    [{ gtmContainerId: 'GTM-abc"onload=' }, invalid('GTM container id must look like GTM-XXXXXXX')],
    [{ gtmContainerId: "GTM-ABC123');alert(1);//" }, invalid('GTM container id must look like GTM-XXXXXXX')],
    [{ gtmContainerId: 'gtm-abc123' }, invalid('GTM container id must look like GTM-XXXXXXX')],
    [{ ga4MeasurementId: 'UA-12345-1' }, invalid('GA4 measurement id must look like G-XXXXXXXXXX')],
    [{ ga4MeasurementId: 'G-ABC</script>' }, invalid('GA4 measurement id must look like G-XXXXXXXXXX')],
    [{ beehiivPublicationId: 'publication 1' }, invalid('Publication id must look like pub_xxxxxxxx')],
    [{ beehiivApiKey: 'two words' }, TRACKING_ERRORS.apiKeyFormat],
    [{ beehiivApiKey: 'line\r\nX-Injected: 1' }, TRACKING_ERRORS.apiKeyFormat],
  ])('refuses %j with 400 and its message', async (body, error) => {
    expect(await admin.api.post('/api/admin/tracking', body)).toEqual({ status: 400, body: error });
  });

  it('accepts blank ids as cleared', async () => {
    const res = await admin.api.post<TrackingSettings>('/api/admin/tracking', {
      gtmContainerId: ' ',
      ga4MeasurementId: '',
      beehiivPublicationId: null,
    });
    expect(res.body).toMatchObject({
      gtmContainerId: null,
      ga4MeasurementId: null,
      beehiivPublicationId: null,
    });
    expect((await client(t).get('/api/scripts/tracking')).body).toEqual({
      header: '',
      body: '',
      gtmContainerId: null,
      ga4MeasurementId: null,
    });
  });

  it('serves the GTM and GA4 snippets publicly, consent denied by default', async () => {
    await admin.api.post('/api/admin/tracking', {
      gtmContainerId: 'GTM-ABC123',
      ga4MeasurementId: 'G-ABCDEF1234',
      beehiivPublicationId: 'pub_00000000-1111-2222',
    });
    const res = await client(t).get<TrackingScripts>('/api/scripts/tracking');
    expect(res.status).toBe(200);
    const { header, body } = res.body;
    expect(res.body.gtmContainerId).toBe('GTM-ABC123');
    expect(res.body.ga4MeasurementId).toBe('G-ABCDEF1234');
    // Consent mode first, denied, before any tag loads.
    const consent = header.indexOf("gtag('consent', 'default'");
    expect(consent).toBeGreaterThan(-1);
    expect(header).toContain("analytics_storage: 'denied'");
    expect(header).toContain("ad_storage: 'denied'");
    expect(consent).toBeLessThan(header.indexOf('googletagmanager.com/gtm.js'));
    expect(consent).toBeLessThan(header.indexOf('googletagmanager.com/gtag/js'));
    expect(header).toContain("'https://www.googletagmanager.com/gtm.js?id='+i+dl");
    expect(header).toContain("})(window,document,'script','dataLayer','GTM-ABC123');</script>");
    expect(header).toContain(
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABCDEF1234"></script>',
    );
    expect(header).toContain("gtag('config', 'G-ABCDEF1234');");
    expect(body).toContain('<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-ABC123"');
    expect(body).toContain('style="display:none;visibility:hidden"></iframe></noscript>');
    expect(body).not.toContain('<script');
  });

  it('leaves out an id stored in a bad format, whatever put it there', async () => {
    await t.db.update(trackingSettings).set({ gtmContainerId: 'GTM-X"><script>alert(1)</script>' });
    const res = await client(t).get<TrackingScripts>('/api/scripts/tracking');
    expect(res.body.gtmContainerId).toBeNull();
    expect(res.body.body).toBe('');
    expect(res.body.header).not.toContain('gtm.js');
    expect(res.body.header).not.toContain('alert(1)');
    expect(res.body.header).toContain('gtag/js?id=G-ABCDEF1234');
    await t.db.update(trackingSettings).set({ ga4MeasurementId: "G-1');alert(1)//" });
    expect((await client(t).get('/api/scripts/tracking')).body).toEqual({
      header: '',
      body: '',
      gtmContainerId: null,
      ga4MeasurementId: null,
    });
    await admin.api.post('/api/admin/tracking', {
      gtmContainerId: 'GTM-ABC123',
      ga4MeasurementId: 'G-ABCDEF1234',
    });
  });

  it('never sends the newsletter key in any answer', async () => {
    expect((await t.db.select().from(trackingSettings))[0]?.beehiivApiKey).toBe(API_KEY);
    const answers = [
      await admin.api.get('/api/admin/tracking'),
      await admin.api.post('/api/admin/tracking', { gtmContainerId: 'GTM-ABC123' }),
      await client(t).get('/api/scripts/tracking'),
      await admin.api.get('/api/scripts/tracking'),
      await client(t).get('/api/customization'),
      await admin.api.get('/api/admin/customization'),
      await client(t).get('/api/social-media'),
      await admin.api.get('/api/admin/social-media'),
      await client(t).get('/api/banners'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(API_KEY);
      expect(JSON.stringify(answer.body)).not.toContain('SECRET');
    }
  });

  it('builds nothing from ids that do not match, even when called directly', () => {
    expect(buildTrackingScripts({ gtmContainerId: 'GTM-AB', ga4MeasurementId: 'G-<b>' })).toEqual({
      header: '',
      body: '',
      gtmContainerId: null,
      ga4MeasurementId: null,
    });
    const gtmOnly = buildTrackingScripts({ gtmContainerId: 'GTM-WXYZ99', ga4MeasurementId: null });
    expect(gtmOnly.header).toContain('GTM-WXYZ99');
    expect(gtmOnly.header).not.toContain('gtag/js');
    expect(gtmOnly.body).toContain('ns.html?id=GTM-WXYZ99');
  });
});
