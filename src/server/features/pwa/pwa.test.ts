import { randomBytes } from 'node:crypto';
import type { UploadResponse } from '@shared/uploads';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFan } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createFan>>;

beforeAll(async () => {
  t = await createTestContext({ env: { CLUB_NAME: 'Manchester United' } });
  admin = await createFan(t, { isAdmin: true });
});
afterAll(() => t.close());

interface Manifest {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function manifest(): Promise<Manifest> {
  const res = await get('/manifest.webmanifest');
  expect(res.statusCode).toBe(200);
  return res.json<Manifest>();
}

async function saveBranding(body: Record<string, string | null>) {
  const res = await admin.api.post('/api/admin/customization', body);
  expect(res.status).toBe(200);
}

/** The decoded icon with one pixel read at (x, y). */
async function decode(res: LightMyRequestResponse, x: number, y: number) {
  const image = sharp(res.rawPayload);
  const meta = await image.metadata();
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { meta, pixel: [...data.subarray(at, at + 4)] };
}

async function uploadLogo(png: Buffer): Promise<string> {
  const boundary = `----matchday${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie: admin.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json<UploadResponse>().objectPath;
}

describe('web app manifest', () => {
  it('is public, typed as a manifest, revalidated, and names the club by default', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({
      id: '/',
      name: 'Manchester United',
      short_name: 'Manchester United',
      description: 'Rate every player during live matches and vote for the Man of the Match.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1a1a1a',
      background_color: '#1a1a1a',
    });
    const etag = String(res.headers.etag);
    expect((await get('/manifest.webmanifest', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it("is allowed by the page's content security policy, as is the service worker", async () => {
    const csp = String((await get('/manifest.webmanifest')).headers['content-security-policy']);
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });

  it('lists 192 and 512 PNG icons and a maskable one, versioned by the branding', async () => {
    const { icons } = await manifest();
    expect(icons.map(({ sizes, type, purpose }) => ({ sizes, type, purpose }))).toEqual([
      { sizes: '192x192', type: 'image/png', purpose: 'any' },
      { sizes: '512x512', type: 'image/png', purpose: 'any' },
      { sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    for (const icon of icons) expect(icon.src).toMatch(/^\/icons\/[a-z0-9-]+\.png\?v=[0-9a-f]{16}$/);
  });

  it('follows the company name and description, and falls back to the club name when cleared', async () => {
    const before = await manifest();
    await saveBranding({ companyName: 'Red Devils Supporters', description: 'Rate the Reds, live.' });
    const after = await manifest();
    expect(after).toMatchObject({ name: 'Red Devils Supporters', description: 'Rate the Reds, live.' });
    // A new name draws new initials: the icon addresses change with it.
    expect(after.icons[0]?.src).not.toBe(before.icons[0]?.src);

    await saveBranding({ companyName: null, description: null });
    expect(await manifest()).toMatchObject({
      name: 'Manchester United',
      description: 'Rate every player during live matches and vote for the Man of the Match.',
    });
  });
});

describe('icons', () => {
  const sizes = {
    'icon-192.png': 192,
    'icon-512.png': 512,
    'maskable-512.png': 512,
    'apple-touch-icon.png': 180,
  } as const;

  it('are public PNGs of their stated size, drawn from the initials without a logo', async () => {
    for (const [file, size] of Object.entries(sizes)) {
      const res = await get(`/icons/${file}`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const { meta, pixel } = await decode(res, 2, 2);
      expect(meta).toMatchObject({ format: 'png', width: size, height: size });
      // The "any" icons are rounded tiles; maskable and touch icons fill the square with the badge red.
      if (file.startsWith('icon-')) expect(pixel[3]).toBe(0);
      else expect(pixel).toEqual([0xda, 0x29, 0x1c, 255]);
    }
  });

  it('are cached for good under the manifest address, briefly under a bare one, and revalidate', async () => {
    const { icons } = await manifest();
    const src = icons[1]?.src ?? '';
    const versioned = await get(src);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const bare = await get('/icons/icon-512.png');
    expect(bare.headers['cache-control']).toBe('public, max-age=3600');
    expect(bare.rawPayload.equals(versioned.rawPayload)).toBe(true);
    const again = await get('/icons/icon-512.png', { 'if-none-match': String(bare.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answer 404 for a file that is not one of them', async () => {
    expect((await get('/icons/icon-64.png')).statusCode).toBe(404);
    expect((await get('/icons/..%2Fmanifest.webmanifest')).statusCode).toBe(404);
  });

  it('are drawn from an uploaded logo, and from the initials again once it is removed', async () => {
    const initialsIcon = await get('/icons/icon-512.png');
    // A plain blue square stands in for the club crest.
    const logo = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 64, b: 200, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const logoUrl = await uploadLogo(logo);
    await saveBranding({ logoUrl });

    for (const [file, size] of Object.entries(sizes)) {
      const res = await get(`/icons/${file}`);
      const centre = await decode(res, size / 2, size / 2);
      expect(centre.meta, file).toMatchObject({ format: 'png', width: size, height: size });
      expect(centre.pixel, file).toEqual([0, 64, 200, 255]);
      // The logo sits inside the safe zone, on white.
      const edge = await decode(res, Math.round(size * 0.08), size / 2);
      expect(edge.pixel, file).toEqual([255, 255, 255, 255]);
    }
    expect(String((await get('/icons/icon-512.png')).headers.etag)).not.toBe(
      String(initialsIcon.headers.etag),
    );

    await saveBranding({ logoUrl: null });
    const back = await get('/icons/icon-512.png');
    expect(back.rawPayload.equals(initialsIcon.rawPayload)).toBe(true);
  });

  it("follow the club's colours: the badge in the primary, the manifest's theme in the dark band colour", async () => {
    const before = await manifest();
    const icon = async () => decode(await get('/icons/maskable-512.png'), 2, 2);
    expect((await icon()).pixel).toEqual([0xda, 0x29, 0x1c, 255]);

    await saveBranding({ primaryColour: '#0b3d91', secondaryColour: '#ffffff' });
    const after = await manifest();
    // The blue is the darker of the pair: the installed app's bar and splash take it.
    expect(after).toMatchObject({ theme_color: '#0b3d91', background_color: '#0b3d91' });
    expect(after.icons[0]?.src).not.toBe(before.icons[0]?.src);
    expect((await icon()).pixel).toEqual([0x0b, 0x3d, 0x91, 255]);

    // A pale primary with a dark secondary: the bar takes the secondary, the badge stays the primary.
    await saveBranding({ primaryColour: '#fdb913', secondaryColour: '#000000' });
    expect(await manifest()).toMatchObject({ theme_color: '#000000' });
    expect((await icon()).pixel).toEqual([0xfd, 0xb9, 0x13, 255]);

    await saveBranding({ primaryColour: null, secondaryColour: null });
    expect(await manifest()).toEqual(before);
  });

  it('use the initials when the logo is an outside address, which the server never fetches', async () => {
    const initialsIcon = await get('/icons/icon-192.png');
    await saveBranding({ logoUrl: 'https://cdn.example/crest.png' });
    const res = await get('/icons/icon-192.png');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(initialsIcon.rawPayload)).toBe(true);
    await saveBranding({ logoUrl: null });
  });
});
