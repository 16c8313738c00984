import { createHash } from 'node:crypto';
import type { ClubColours } from '@shared/club-colours';
import { clubPalette } from '@shared/club-palette';
import { pathOf } from '@shared/endpoint';
import { PLAYER_PORTRAIT_PATH } from '@shared/players';
import sharp from 'sharp';
import type { PlayerRow } from '../../db/schema';
import { escapeXml } from '../../lib/markup';
import { TtlCache } from '../../lib/ttl-cache';
import { initials } from '../pwa/pwa.service';

/** Bump when the drawing below changes, so every portrait gets a new address (and browsers fetch it). */
const PORTRAIT_REVISION = 1;

/** Drawn at twice the largest size the page shows (96 px), for sharp screens. */
const SIZE = 192;

export const PORTRAIT_CONTENT_TYPE = 'image/webp';

type PortraitPlayer = Pick<PlayerRow, 'id' | 'name' | 'jerseyNumber' | 'isManager'>;

/** What one portrait draws, and the version naming exactly that. */
export interface PortraitSpec {
  id: number;
  version: string;
  /** The big mark on the shirt: the number, 'MGR' for the manager, else the initials. */
  mark: string;
  /** The small line above it (the initials), or null when the mark already is them. */
  caption: string | null;
  colours: ClubColours;
}

export function portraitSpec(player: PortraitPlayer, colours: ClubColours): PortraitSpec {
  const letters = initials(player.name);
  const mark = player.isManager
    ? 'MGR'
    : player.jerseyNumber !== null
      ? String(player.jerseyNumber)
      : letters;
  const caption = mark === letters ? null : letters;
  const version = createHash('sha256')
    .update(
      JSON.stringify([PORTRAIT_REVISION, player.name, mark, caption, colours.primary, colours.secondary]),
    )
    .digest('hex')
    .slice(0, 16);
  return { id: player.id, version, mark, caption, colours };
}

export const portraitFile = (spec: PortraitSpec) => `${spec.version}.webp`;

export const portraitUrl = (spec: PortraitSpec) =>
  pathOf({ path: PLAYER_PORTRAIT_PATH }, { id: spec.id, file: portraitFile(spec) });

const FONT = `font-family="'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif" font-weight="700"`;

/** The mark's size: as big as fits across the shirt's chest (about 50 of the 100 units). */
function markSize(mark: string): number {
  const chars = [...mark].length;
  if (chars <= 1) return 44;
  if (chars === 2) return 37;
  return 22;
}

/**
 * The back of a shirt in the primary colour on the secondary, trimmed in it, number big and initials
 * above it in the text colour that reads on the primary (a yellow shirt takes dark numbers). The page
 * crops it to a circle, so everything that matters sits inside the inscribed one.
 */
export function portraitSvg({ mark, caption, colours }: PortraitSpec): string {
  const { primary, primaryInk: ink, secondary } = clubPalette(colours).club;
  const size = markSize(mark);
  // With a caption the mark moves down to leave it room under the collar.
  const markBaseline = caption ? 81 : 76;
  const shirt =
    'M34 20 L17 27 L3 46 L14 57 L23 50 L23 104 L77 104 L77 50 L86 57 L97 46 L83 27 L66 20 Q50 29 34 20 Z';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 100 100">`,
    `<rect width="100" height="100" fill="${secondary}"/>`,
    `<path d="${shirt}" fill="${primary}"/>`,
    // Shade the sleeves a little so the shirt reads as one at 40 px, and trim collar and cuffs.
    '<path d="M17 27 L3 46 L14 57 L23 50 Z M83 27 L97 46 L86 57 L77 50 Z" fill="#000" fill-opacity="0.14"/>',
    `<path d="M34 20 Q50 29 66 20" fill="none" stroke="${secondary}" stroke-width="3" stroke-linecap="round"/>`,
    `<path d="M3 46 L14 57 M97 46 L86 57" stroke="${secondary}" stroke-width="3" stroke-linecap="round"/>`,
    caption
      ? `<text x="50" y="44" text-anchor="middle" ${FONT} font-size="11" letter-spacing="1" fill="${ink}" fill-opacity="0.9">${escapeXml(caption)}</text>`
      : '',
    `<text x="50" y="${markBaseline}" text-anchor="middle" ${FONT} font-size="${size}" fill="${ink}">${escapeXml(mark)}</text>`,
    '</svg>',
  ].join('');
}

export async function renderPortrait(spec: PortraitSpec): Promise<Buffer> {
  return sharp(Buffer.from(portraitSvg(spec)))
    .webp({ lossless: true, effort: 4 })
    .toBuffer();
}

/**
 * Each portrait drawn once per version and kept in memory (a squad is a few dozen; the bound keeps
 * renames and colour changes from piling up). Concurrent requests for one share its drawing.
 */
export class PortraitRenderer {
  private readonly drawn = new TtlCache<string, Promise<Buffer>>({ ttlMs: 24 * 60 * 60_000, max: 500 });

  image(spec: PortraitSpec): Promise<Buffer> {
    let image = this.drawn.get(spec.version);
    if (!image) {
      const pending = renderPortrait(spec);
      // A failure is not kept: the next request tries again.
      pending.catch(() => {
        if (this.drawn.get(spec.version) === pending) this.drawn.delete(spec.version);
      });
      this.drawn.set(spec.version, pending);
      image = pending;
    }
    return image;
  }
}
