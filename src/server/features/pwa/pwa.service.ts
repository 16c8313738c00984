import { createHash } from 'node:crypto';
import { clubPalette } from '@shared/club-palette';
import { type Customization, coloursOf } from '@shared/settings';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { escapeXml } from '../../lib/markup';
import { getCustomization } from '../settings/settings.service';
import { findObject } from '../uploads/uploads.service';

const LOGO_BACKDROP = '#ffffff';

/** Same line as index.html's description, for a club that has not written one. */
export const DEFAULT_DESCRIPTION = 'Rate every player during live matches and vote for the Man of the Match.';

/** Bump when the drawing below changes, so cached icons (here and in browsers) are replaced. */
const ARTWORK_REVISION = 1;

type IconPurpose = 'any' | 'maskable' | 'apple';
interface IconSpec {
  size: number;
  purpose: IconPurpose;
}

/** Every icon the server draws, by file name under /icons/. */
export const ICONS = {
  'icon-192.png': { size: 192, purpose: 'any' },
  'icon-512.png': { size: 512, purpose: 'any' },
  'maskable-512.png': { size: 512, purpose: 'maskable' },
  'apple-touch-icon.png': { size: 180, purpose: 'apple' },
} as const satisfies Record<string, IconSpec>;
export type IconFile = keyof typeof ICONS;

export const isIconFile = (file: string): file is IconFile => Object.hasOwn(ICONS, file);

/** What the manifest and icons are drawn from, and a version naming exactly that. */
export interface Branding {
  customization: Customization;
  version: string;
}

export async function readBranding(db: Database, clubName: string): Promise<Branding> {
  const customization = await getCustomization(db, clubName);
  // Uploads are named by their content's hash, so the logo address stands for its bytes.
  const { companyName, logoUrl, primaryColour, secondaryColour } = customization;
  const version = createHash('sha256')
    .update(JSON.stringify([ARTWORK_REVISION, companyName, logoUrl, primaryColour, secondaryColour]))
    .digest('hex')
    .slice(0, 16);
  return { customization, version };
}

/**
 * The web app manifest (https://www.w3.org/TR/appmanifest/) for the current branding: the installed
 * app's title bar and splash take the page's dark band colour.
 */
export function buildManifest({ customization, version }: Branding) {
  const icon = (file: IconFile) => `/icons/${file}?v=${version}`;
  const { chrome } = clubPalette(coloursOf(customization)).dark;
  return {
    id: '/',
    name: customization.companyName,
    short_name: customization.companyName,
    description: customization.description?.trim() || DEFAULT_DESCRIPTION,
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: chrome,
    background_color: chrome,
    categories: ['sports'],
    icons: [
      { src: icon('icon-192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: icon('icon-512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: icon('maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Up to two initials ("Manchester United" -> "MU"), as the page's BrandMark shows them. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [...word][0] ?? '')
    .join('');
  const chars = [...letters];
  return (chars.length > 2 ? `${chars[0]}${chars.at(-1)}` : letters).toUpperCase() || '?';
}

/**
 * A "maskable" icon may be cut to any shape inside the central 80% circle, and iOS rounds the corners
 * of an apple-touch-icon itself: both fill the square. An "any" icon is a rounded tile like the favicon.
 */
function backdrop(size: number, purpose: IconPurpose, colour: string): string {
  const radius = purpose === 'any' ? Math.round(size * 0.1875) : 0;
  return `<rect width="${size}" height="${size}" rx="${radius}" fill="${colour}"/>`;
}

/** Share of the side the artwork may use, so it stays inside each purpose's safe zone. */
const CONTENT_SHARE: Record<IconPurpose, number> = { any: 0.8, maskable: 0.56, apple: 0.78 };

/** The club's badge: its initials on its primary colour, in the text colour that reads on it. */
function initialsSvg(customization: Customization, { size, purpose }: IconSpec): string {
  const { primary, primaryInk } = clubPalette(coloursOf(customization)).club;
  const text = initials(customization.companyName);
  const box = size * CONTENT_SHARE[purpose];
  const fontSize = Math.round([...text].length > 1 ? box * 0.52 : box * 0.66);
  // Capitals sit about 0.36 em above the middle of their baseline-to-cap box.
  const baseline = Math.round(size / 2 + fontSize * 0.36);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    backdrop(size, purpose, primary),
    `<text x="${size / 2}" y="${baseline}" text-anchor="middle" fill="${primaryInk}" font-size="${fontSize}"`,
    ` font-weight="700" font-family="Inter, 'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif">`,
    `${escapeXml(text)}</text></svg>`,
  ].join('');
}

async function logoIcon(logo: Buffer, { size, purpose }: IconSpec): Promise<Buffer> {
  const inner = Math.round(size * CONTENT_SHARE[purpose]);
  const art = await sharp(logo, { failOn: 'error' })
    .rotate()
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const tile = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${backdrop(size, purpose, LOGO_BACKDROP)}</svg>`;
  const canvas = sharp(Buffer.from(tile)).composite([{ input: art, gravity: 'centre' }]);
  // iOS shows transparency as black: the touch icon is flattened onto the tile's colour.
  return (purpose === 'apple' ? canvas.flatten({ background: LOGO_BACKDROP }) : canvas)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function initialsIcon(customization: Customization, spec: IconSpec): Promise<Buffer> {
  return sharp(Buffer.from(initialsSvg(customization, spec)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The uploaded logo's bytes, or null for none, an outside address (never fetched) or a lost upload. */
async function uploadedLogo(db: Database, logoUrl: string | null): Promise<Buffer | null> {
  const file = logoUrl?.match(/^\/objects\/([^/?#]+)$/)?.[1];
  if (!file) return null;
  return (await findObject(db, file))?.bytes ?? null;
}

/**
 * Draws the icons from the club logo when one is uploaded, else a badge with the club's initials.
 * Each drawing is kept for the branding version it was made for; a new version drops the old ones.
 */
export class BrandIcons {
  private version = '';
  private readonly drawn = new Map<IconFile, Promise<Buffer>>();

  constructor(
    private readonly db: Database,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  icon(branding: Branding, file: IconFile): Promise<Buffer> {
    if (branding.version !== this.version) {
      this.version = branding.version;
      this.drawn.clear();
    }
    let icon = this.drawn.get(file);
    if (!icon) {
      icon = this.draw(branding, ICONS[file]);
      // A failure is not kept: the next request tries again.
      const pending = icon;
      pending.catch(() => {
        if (this.drawn.get(file) === pending) this.drawn.delete(file);
      });
      this.drawn.set(file, pending);
    }
    return icon;
  }

  private async draw({ customization }: Branding, spec: IconSpec): Promise<Buffer> {
    const logo = await uploadedLogo(this.db, customization.logoUrl);
    if (logo) {
      try {
        return await logoIcon(logo, spec);
      } catch (error) {
        this.log.warn({ err: error }, 'club logo could not be drawn as an app icon; using initials');
      }
    }
    return initialsIcon(customization, spec);
  }
}
