import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/build.mjs';
import { memoryMailer } from '../../../tests/server/test-app';
import { createTestDatabase } from '../../../tests/server/test-db';
import { buildApp } from '../app';
import type { DbHandle } from '../db/client';
import { customization } from '../db/schema';
import { upsertSingleton } from '../db/singleton';
import { parseEnv, resolveEnv } from '../env';
import { preferredCoding } from './client';

// A build as Vite lays it out: hashed files under assets/, the page, the worker and a public file beside.
const SCRIPT =
  `export function rate(player){return fetch("/api/ratings",{method:"POST",body:JSON.stringify(player)})}\n`.repeat(
    400,
  );
const FILES: Record<string, string | Buffer> = {
  'index.html': `<!doctype html><html lang="en"><head><title>Live Player Ratings</title>${'<meta name="x" content="y" />'.repeat(20)}<script type="module" src="/assets/index-Abc123.js"></script></head><body><div id="root"></div></body></html>`,
  'assets/index-Abc123.js': SCRIPT,
  'assets/index-Def456.css': `.card{display:flex;gap:1rem;padding:1rem}\n`.repeat(200),
  'assets/inter-latin-Ghi789.woff2': Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251)),
  'sw.js': `self.addEventListener("fetch",()=>{});\n`.repeat(50),
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${'<rect width="4" height="4" fill="#c00"/>'.repeat(20)}</svg>`,
  // Too short for compression to save anything.
  'robots.txt': 'x',
};

let dir: string;
let dataDir: string;
let database: DbHandle;
let app: FastifyInstance;
let totals: Awaited<ReturnType<typeof precompress>>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'matchday-client-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'matchday-app-'));
  for (const [file, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  totals = await precompress(dir);
  database = await createTestDatabase();
  const env = resolveEnv(
    parseEnv({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      PUBLIC_URL: 'http://matchday.test',
      NODE_ENV: 'test',
    }),
  );
  app = await buildApp({ env, database, mailer: memoryMailer([]), client: 'static', clientDir: dir });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const original = (file: string) => readFileSync(path.join(dir, file));
const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers });
const CHROME = 'gzip, deflate, br, zstd';
/** Whatever the encoding, the type is the original file's. */
const JS = 'application/javascript; charset=utf-8';

describe('the build precompresses the page', () => {
  it('writes brotli and gzip beside each text file, only where they save bytes', () => {
    for (const file of ['index.html', 'assets/index-Abc123.js', 'assets/index-Def456.css', 'sw.js']) {
      for (const suffix of ['.br', '.gz']) {
        const variant = path.join(dir, file + suffix);
        expect(existsSync(variant), file + suffix).toBe(true);
        expect(readFileSync(variant).length).toBeLessThan(original(file).length);
      }
    }
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets/index-Abc123.js.br')))).toEqual(
      original('assets/index-Abc123.js'),
    );
    // Fonts are compressed already; a one-byte file would only grow.
    for (const file of ['assets/inter-latin-Ghi789.woff2', 'robots.txt'])
      for (const suffix of ['.br', '.gz']) expect(existsSync(path.join(dir, file + suffix))).toBe(false);
    expect(totals.br).toBeLessThan(totals.gzip);
    expect(totals.gzip).toBeLessThan(totals.raw);
  });
});

describe('assets go out in the best encoding the browser accepts', () => {
  const script = '/assets/index-Abc123.js';

  it('sends brotli when accepted, with the type, length and Vary of the variant', async () => {
    const res = await get(script, { 'accept-encoding': CHROME });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe(JS);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(original('assets/index-Abc123.js').length / 5);
    expect(brotliDecompressSync(res.rawPayload)).toEqual(original('assets/index-Abc123.js'));
  });

  it('sends gzip when only gzip is accepted, or brotli is refused', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const res = await get(script, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['content-type']).toBe(JS);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(res.rawPayload)).toEqual(original('assets/index-Abc123.js'));
    }
  });

  it('sends the file as built otherwise, still saying it varies', async () => {
    const asked: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
    ];
    for (const headers of asked) {
      const res = await get(script, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload).toEqual(original('assets/index-Abc123.js'));
      expect(res.headers['content-type']).toBe(JS);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
  });

  it('caches hashed assets for a year as immutable, and revalidates the worker', async () => {
    for (const file of [script, '/assets/index-Def456.css', '/assets/inter-latin-Ghi789.woff2']) {
      const res = await get(file, { 'accept-encoding': CHROME });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
    const font = await get('/assets/inter-latin-Ghi789.woff2', { 'accept-encoding': CHROME });
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['content-type']).toBe('font/woff2');

    const worker = await get('/sw.js', { 'accept-encoding': CHROME });
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(worker.rawPayload)).toEqual(original('sw.js'));
    const icon = await get('/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['content-encoding']).toBe('gzip');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get_ = await get(script, { 'accept-encoding': CHROME });
    const head = await get(script, { 'accept-encoding': CHROME }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const name of [
      'content-encoding',
      'content-type',
      'content-length',
      'vary',
      'cache-control',
      'etag',
    ])
      expect(head.headers[name], name).toBe(get_.headers[name]);
  });

  it('answers a revalidation with 304, per encoding', async () => {
    const br = await get(script, { 'accept-encoding': CHROME });
    const gzip = await get(script, { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const again = await get(script, { 'accept-encoding': CHROME, 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The tag of another encoding's bytes is not this one's.
    const other = await get(script, {
      'accept-encoding': CHROME,
      'if-none-match': String(gzip.headers.etag),
    });
    expect(other.statusCode).toBe(200);
  });

  it('serves a byte range of the bytes it would send', async () => {
    const whole = original('assets/index-Abc123.js');
    const plain = await get(script, { range: 'bytes=0-99' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-range']).toBe(`bytes 0-99/${whole.length}`);
    expect(plain.rawPayload).toEqual(whole.subarray(0, 100));

    const packed = readFileSync(path.join(dir, 'assets/index-Abc123.js.br'));
    const ranged = await get(script, { range: 'bytes=10-19', 'accept-encoding': 'br' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-encoding']).toBe('br');
    expect(ranged.headers['content-range']).toBe(`bytes 10-19/${packed.length}`);
    expect(ranged.rawPayload).toEqual(packed.subarray(10, 20));

    const outside = await get(script, { range: `bytes=${whole.length + 10}-` });
    expect(outside.statusCode).toBe(416);
  });

  it('never serves a variant by its own name, and a missing asset stays a 404', async () => {
    for (const url of ['/assets/index-Abc123.js.br', '/assets/index-Abc123.js.gz', '/assets/missing-X1.js']) {
      const res = await get(url, { 'accept-encoding': CHROME });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ message: expect.stringContaining('not found') });
    }
  });
});

describe('the page itself', () => {
  const page = Buffer.from(String(FILES['index.html']));

  it('goes out compressed at / and at every page path, revalidated, with the page policy', async () => {
    for (const url of ['/', '/signin', '/admin/squad?tab=1']) {
      const res = await get(url, { 'accept-encoding': CHROME });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(brotliDecompressSync(res.rawPayload)).toEqual(page);
    }
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload)).toEqual(page);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload).toEqual(page);
  });

  it('answers HEAD without a body and a matching If-None-Match with 304', async () => {
    const first = await get('/', { 'accept-encoding': CHROME });
    const head = await get('/', { 'accept-encoding': CHROME }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers.etag).toBe(first.headers.etag);
    expect(head.headers['content-encoding']).toBe('br');

    const etag = String(first.headers.etag);
    const again = await get('/matches', { 'accept-encoding': CHROME, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const plain = await get('/', { 'if-none-match': etag });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload).toEqual(page);
  });

  it("carries the club's colours from its first paint once an admin has chosen them, on every instance", async () => {
    const defaultTag = String((await get('/', { 'accept-encoding': CHROME })).headers.etag);
    // Written as another instance would: this one learns of it from the database's notice.
    await upsertSingleton(database.db, customization, {
      primaryColour: '#0b3d91',
      secondaryColour: '#ffffff',
    });
    const branded = async (headers: Record<string, string> = { 'accept-encoding': CHROME }) => {
      const res = await get('/signin', headers);
      const coding = res.headers['content-encoding'];
      const body =
        coding === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : coding === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      return { res, html: body.toString('utf8') };
    };
    await expect
      .poll(async () => (await branded()).html, { timeout: 10_000 })
      .toContain('data-colours="#0b3d91 #ffffff"');
    const { res, html } = await branded();
    expect(res.headers['content-encoding']).toBe('br');
    expect(html).toMatch(
      /<style id="club-palette" data-colours="#0b3d91 #ffffff">:root\{[^}]*--color-primary:#0b3d91;[^}]*\}<\/style><\/head>/,
    );
    expect(html).not.toContain('#da291c');
    expect(res.headers.etag).not.toBe(defaultTag);
    // Each coding is the same page.
    expect((await branded({ 'accept-encoding': 'gzip' })).html).toBe(html);
    expect((await branded({})).html).toBe(html);
    expect(
      (await get('/', { 'accept-encoding': CHROME, 'if-none-match': String(res.headers.etag) })).statusCode,
    ).toBe(304);
    expect((await get('/', { 'accept-encoding': CHROME, 'if-none-match': defaultTag })).statusCode).toBe(200);

    // Back to the default: the page as built, its tag as before.
    await upsertSingleton(database.db, customization, { primaryColour: null, secondaryColour: null });
    await expect
      .poll(async () => String((await get('/', { 'accept-encoding': CHROME })).headers.etag), {
        timeout: 10_000,
      })
      .toBe(defaultTag);
    expect(brotliDecompressSync((await get('/', { 'accept-encoding': CHROME })).rawPayload)).toEqual(page);
  });

  it('leaves API answers to the API', async () => {
    const res = await get('/api/nothing-here', { 'accept-encoding': CHROME });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('preferredCoding', () => {
  it('follows the browser: q-values, *, and brotli first on a tie', () => {
    const both = ['br', 'gzip'] as const;
    expect(preferredCoding(CHROME, both)).toBe('br');
    expect(preferredCoding('gzip, br', both)).toBe('br');
    expect(preferredCoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(preferredCoding('*', both)).toBe('br');
    expect(preferredCoding('*, br;q=0', both)).toBe('gzip');
    expect(preferredCoding('gzip;q=0.2, identity', both)).toBeNull();
    expect(preferredCoding('identity', both)).toBeNull();
    expect(preferredCoding('', both)).toBeNull();
    expect(preferredCoding(undefined, both)).toBeNull();
    expect(preferredCoding(CHROME, ['gzip'])).toBe('gzip');
    expect(preferredCoding('br', [])).toBeNull();
  });
});
