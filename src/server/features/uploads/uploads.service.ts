import { createHash } from 'node:crypto';
import type { AppError } from '@shared/errors';
import { UPLOAD_ERRORS } from '@shared/uploads';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { objects } from '../../db/schema';
import { badRequest } from '../../lib/http-error';

/** A decoded image larger than this is refused before it can fill the memory (a small "pixel bomb"). */
const MAX_INPUT_PIXELS = 50_000_000;

/** Raster formats we decode. SVG, PDF and the like are not taken: they are programs more than pictures. */
const RASTER_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'] as const;

/** What an upload may be and how it is kept. */
export interface ImageProfile {
  /** sharp's format names accepted as input, judged by the content. */
  accept: readonly string[];
  /** The error when the content is not one of them (or no image at all). */
  refusal: AppError;
  /** Longest side kept, in pixels; larger images are scaled down. */
  maxSide: number;
}

/** Logos, headers, banners: any raster image, kept up to 2000 px. */
export const GENERAL_IMAGE: ImageProfile = {
  accept: RASTER_FORMATS,
  refusal: UPLOAD_ERRORS.notImage,
  maxSide: 2000,
};

/** Player photos uploaded by an admin: PNG or JPEG content only, up to 800 px. */
export const PLAYER_IMAGE: ImageProfile = {
  accept: ['png', 'jpeg'],
  refusal: UPLOAD_ERRORS.playerImageType,
  maxSide: 800,
};

/** Player photos from the football-data provider: any raster image, re-encoded like an upload. */
export const PROVIDER_PLAYER_IMAGE: ImageProfile = { ...PLAYER_IMAGE, accept: RASTER_FORMATS };

const OUTPUTS = {
  png: { contentType: 'image/png', ext: 'png' },
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  webp: { contentType: 'image/webp', ext: 'webp' },
} as const;
type OutputFormat = keyof typeof OUTPUTS;

export interface StoredObject {
  id: string;
  objectPath: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
}

export interface EncodedImage {
  bytes: Buffer;
  format: OutputFormat;
  width: number;
  height: number;
}

/**
 * Decodes the bytes as an image (whatever the file was called or claimed to be) and encodes it again:
 * EXIF orientation applied, every piece of metadata dropped, at most `maxSide` pixels a side. PNG, JPEG
 * and WebP keep their format; GIF and the rest become PNG (the first frame of an animation).
 */
export async function reencodeImage(input: Buffer, profile: ImageProfile): Promise<EncodedImage> {
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({ format, width = 0, height = 0 } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest(profile.refusal);
  }
  if (!format || !profile.accept.includes(format)) throw badRequest(profile.refusal);
  if (width * height > MAX_INPUT_PIXELS) throw badRequest(UPLOAD_ERRORS.tooManyPixels);

  const output: OutputFormat = format === 'jpeg' || format === 'webp' ? format : 'png';
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: profile.maxSide, height: profile.maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded =
      output === 'jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : output === 'webp'
          ? pipeline.webp({ quality: 85 })
          : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, format: output, width: info.width, height: info.height };
  } catch {
    // A header that looks like an image over bytes that are not one.
    throw badRequest(profile.refusal);
  }
}

/** Re-encodes the image and keeps it, named by the SHA-256 of what is kept: one row per distinct image. */
export async function storeImage(db: Database, input: Buffer, profile: ImageProfile): Promise<StoredObject> {
  const image = await reencodeImage(input, profile);
  const id = createHash('sha256').update(image.bytes).digest('hex');
  const { contentType, ext } = OUTPUTS[image.format];
  await db
    .insert(objects)
    .values({
      id,
      contentType,
      bytes: image.bytes,
      size: image.bytes.length,
      width: image.width,
      height: image.height,
    })
    .onConflictDoNothing();
  return {
    id,
    objectPath: `/objects/${id}.${ext}`,
    contentType,
    size: image.bytes.length,
    width: image.width,
    height: image.height,
  };
}

const OBJECT_FILE = /^([0-9a-f]{64})\.(png|jpg|webp)$/;
const EXT_BY_TYPE: Record<string, string> = Object.fromEntries(
  Object.values(OUTPUTS).map((o) => [o.contentType, o.ext]),
);

/** The stored object behind `/objects/<sha256>.<ext>`, or null (unknown, or the extension does not match). */
export async function findObject(
  db: Database,
  file: string,
): Promise<{ id: string; contentType: string; bytes: Buffer } | null> {
  const match = OBJECT_FILE.exec(file);
  if (!match?.[1]) return null;
  const [row] = await db
    .select({ id: objects.id, contentType: objects.contentType, bytes: objects.bytes })
    .from(objects)
    .where(eq(objects.id, match[1]))
    .limit(1);
  if (!row || EXT_BY_TYPE[row.contentType] !== match[2]) return null;
  return row;
}
