import { randomBytes } from 'node:crypto';
import type { Player } from '@shared/players';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFan } from '../../../../tests/server/match-fixtures';
import { createTestContext, type TestContext } from '../../../../tests/server/test-app';
import { objects, players } from '../../db/schema';
import { seedDatabase } from '../../db/seed';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createFan>>;
let fan: Awaited<ReturnType<typeof createFan>>;
let player: Player;

beforeAll(async () => {
  t = await createTestContext();
  await seedDatabase(t.db, 'Manchester United');
  admin = await createFan(t, { isAdmin: true });
  fan = await createFan(t);
  const squad = (await admin.api.get<Player[]>('/api/players')).body;
  player = squad.find((p) => !p.isManager) as Player;
});
afterAll(() => t.close());

interface FilePart {
  field: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
function multipart(parts: (FilePart | { field: string; value: string })[]) {
  const boundary = `----matchday${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `Content-Disposition: form-data; name="${part.field}"\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`));
    chunks.push('value' in part ? Buffer.from(part.value) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  url: string,
  file: Partial<FilePart> & { data: Buffer },
  cookie: string | undefined = admin.cookie,
) {
  const body = multipart([
    { field: 'file', filename: 'picture.png', type: 'image/png', ...file } as FilePart,
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as { objectPath?: string; message?: string } };
}
const uploadObject = (file: Partial<FilePart> & { data: Buffer }, cookie?: string) =>
  upload('/api/objects/upload', file, cookie);
const uploadPlayerImage = (id: number, file: Partial<FilePart> & { data: Buffer }, cookie?: string) =>
  upload(`/api/players/${id}/upload-image`, { field: 'image', ...file }, cookie);

const fetchObject = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });

const solid = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 30, b: 60 } } });
const png = (w = 64, h = 48, r?: number) => solid(w, h, r).png().toBuffer();
const jpeg = (w = 64, h = 48) => solid(w, h).jpeg().toBuffer();
const gif = () => solid(32, 32).gif().toBuffer();
const webp = () => solid(40, 40).webp().toBuffer();
const objectPathPattern = (ext: string) => new RegExp(`^/objects/[0-9a-f]{64}\\.${ext}$`);
const sixMegabytes = () => randomBytes(6 * 1024 * 1024);

describe('authorization', () => {
  it('lets only admins upload (anonymous 401, fan 403)', async () => {
    const data = await png();
    expect((await uploadObject({ data }, '')).status).toBe(401);
    const asFan = await uploadObject({ data }, fan.cookie);
    expect(asFan.status).toBe(403);
    expect(asFan.body.message).toBe('Admin access required');
    expect((await uploadPlayerImage(player.id, { data }, '')).status).toBe(401);
    expect((await uploadPlayerImage(player.id, { data }, fan.cookie)).status).toBe(403);
  });
});

describe('POST /api/objects/upload', () => {
  it('keeps a PNG and serves it publicly with its real type and a long cache', async () => {
    const data = await png(64, 48);
    const res = await uploadObject({ data });
    expect(res.status).toBe(200);
    expect(res.body.objectPath).toMatch(objectPathPattern('png'));

    const served = await fetchObject(res.body.objectPath as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 48 });

    const again = await fetchObject(res.body.objectPath as string, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('keeps a JPEG upright with its EXIF removed', async () => {
    // 60 wide, 20 high, stored rotated: orientation 6 means "turn 90° clockwise to show".
    const data = await solid(60, 20)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Photographer', Artist: 'Someone' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(data).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);

    const res = await uploadObject({ data, filename: 'photo.jpeg', type: 'image/jpeg' });
    expect(res.status).toBe(200);
    expect(res.body.objectPath).toMatch(objectPathPattern('jpg'));
    const served = await fetchObject(res.body.objectPath as string);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 60]);
    expect(served.rawPayload.includes(Buffer.from('Secret Photographer'))).toBe(false);
  });

  it('judges by the content: a text file named .png is refused, a PNG named .txt is taken', async () => {
    const text = await uploadObject({ data: Buffer.from('hello, I am not a picture\n'.repeat(50)) });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('Please upload an image file');

    const disguised = await uploadObject({
      data: await png(10, 10),
      filename: 'notes.txt',
      type: 'text/plain',
    });
    expect(disguised.status).toBe(200);
    expect(disguised.body.objectPath).toMatch(objectPathPattern('png'));
  });

  it('refuses a PNG header over bytes that are not an image, and SVG', async () => {
    const real = await png(200, 200);
    const broken = Buffer.concat([real.subarray(0, 40), randomBytes(2000)]);
    const res = await uploadObject({ data: broken });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please upload an image file');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
    const svgRes = await uploadObject({ data: svg, filename: 'logo.svg', type: 'image/svg+xml' });
    expect(svgRes.status).toBe(400);
    expect(svgRes.body.message).toBe('Please upload an image file');
  });

  it('takes an image of several megabytes (past the 1 MB JSON body limit)', async () => {
    const noise = await sharp(randomBytes(1100 * 1000 * 3), {
      raw: { width: 1100, height: 1000, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(noise.length).toBeLessThan(5 * 1024 * 1024);
    const res = await uploadObject({ data: noise });
    expect(res.status).toBe(200);
    expect(res.body.objectPath).toMatch(objectPathPattern('png'));
  });

  it('refuses a file over 5 MB with 413', async () => {
    const res = await uploadObject({ data: sixMegabytes() });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File must be under 5MB');
  });

  it('refuses over 5 MB on a real connection too, where the body arrives in chunks (FormData, as the page sends it)', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const send = async (data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'big.png');
      const res = await fetch(`${base}/api/objects/upload`, {
        method: 'POST',
        body: form,
        headers: { cookie: admin.cookie },
      });
      return { status: res.status, body: (await res.json()) as { message?: string } };
    };
    // 5 MB + 1 byte, and 6 MB: the second ends busboy's truncation exactly on a 64 KiB chunk boundary.
    for (const size of [5 * 1024 * 1024 + 1, 6 * 1024 * 1024]) {
      const res = await send(randomBytes(size));
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('File must be under 5MB');
    }
    const small = await send(await png(20, 20));
    expect(small.status).toBe(200);
  });

  it('turns a GIF into a PNG and keeps WebP as WebP', async () => {
    const fromGif = await uploadObject({ data: await gif(), filename: 'a.gif', type: 'image/gif' });
    expect(fromGif.status).toBe(200);
    expect(fromGif.body.objectPath).toMatch(objectPathPattern('png'));
    const served = await fetchObject(fromGif.body.objectPath as string);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');

    const fromWebp = await uploadObject({ data: await webp(), filename: 'a.webp', type: 'image/webp' });
    expect(fromWebp.body.objectPath).toMatch(objectPathPattern('webp'));
    expect((await fetchObject(fromWebp.body.objectPath as string)).headers['content-type']).toBe(
      'image/webp',
    );
  });

  it('scales a large image down to 2000 px', async () => {
    const res = await uploadObject({ data: await png(3000, 1200) });
    const served = await fetchObject(res.body.objectPath as string);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 2000, height: 800 });
  });

  it('keeps one row for the same image uploaded twice', async () => {
    const data = await png(33, 33, 7);
    const first = await uploadObject({ data });
    const second = await uploadObject({ data, filename: 'again.png' });
    expect(second.body.objectPath).toBe(first.body.objectPath);
    const id = (first.body.objectPath as string).slice('/objects/'.length, -'.png'.length);
    const [row] = await t.db.select({ n: count() }).from(objects).where(eq(objects.id, id));
    expect(row?.n).toBe(1);
  });

  it('answers 400 when no file comes in the field `file`', async () => {
    const onlyText = multipart([{ field: 'note', value: 'hello' }]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': onlyText.contentType, cookie: admin.cookie },
      payload: onlyText.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No file was uploaded');

    const otherField = await uploadObject({ data: await png(), field: 'picture' });
    expect(otherField.status).toBe(400);
    expect(otherField.body.message).toBe('No file was uploaded');

    const empty = await uploadObject({ data: Buffer.alloc(0) });
    expect(empty.status).toBe(400);

    const json = await admin.api.post<{ message: string }>('/api/objects/upload', { file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('No file was uploaded');
  });

  it('answers 400 to a multipart body it cannot read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'multipart/form-data', cookie: admin.cookie },
      payload: 'garbage',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The upload could not be read. Please try again.');
  });
});

describe('GET /objects/:file', () => {
  it('answers 404 JSON for an unknown object, a wrong extension or a path that is not an object', async () => {
    const missing = await fetchObject(`/objects/${'a'.repeat(64)}.png`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'File not found' });

    const res = await uploadObject({ data: await png(12, 12) });
    const asJpg = (res.body.objectPath as string).replace(/\.png$/, '.jpg');
    expect((await fetchObject(asJpg)).statusCode).toBe(404);
    expect((await fetchObject('/objects/..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    expect((await fetchObject('/objects/x.png')).statusCode).toBe(404);
  });
});

describe('POST /api/players/:id/upload-image', () => {
  it('keeps a PNG or JPEG, at most 800 px, as the player image', async () => {
    const res = await uploadPlayerImage(player.id, { data: await png(1600, 1000) });
    expect(res.status).toBe(200);
    expect(res.body.objectPath).toMatch(objectPathPattern('png'));
    const [row] = await t.db.select().from(players).where(eq(players.id, player.id));
    expect(row?.image).toBe(res.body.objectPath);
    const listed = (await fan.api.get<Player[]>('/api/players')).body.find((p) => p.id === player.id);
    expect(listed?.image).toBe(res.body.objectPath);
    const served = await fetchObject(res.body.objectPath as string);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 800, height: 500 });

    const photo = await uploadPlayerImage(player.id, {
      data: await jpeg(),
      filename: 'me.jpg',
      type: 'image/jpeg',
    });
    expect(photo.status).toBe(200);
    expect(photo.body.objectPath).toMatch(objectPathPattern('jpg'));
  });

  it('refuses anything but PNG or JPEG content', async () => {
    for (const data of [await gif(), await webp(), Buffer.from('just text, named .png')]) {
      const res = await uploadPlayerImage(player.id, { data, filename: 'face.png', type: 'image/png' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Player images must be PNG or JPG');
    }
  });

  it('refuses over 5 MB, an unknown player and a bad id', async () => {
    const big = await uploadPlayerImage(player.id, { data: sixMegabytes() });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('File must be under 5MB');

    const unknown = await uploadPlayerImage(999_999, { data: await png() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Player not found');
    expect((await uploadPlayerImage(0, { data: await png() })).status).toBe(400);
    // The file must come in the field `image`.
    expect((await uploadPlayerImage(player.id, { data: await png(), field: 'file' })).status).toBe(400);
  });
});
