import { type ClubColours, coloursKey, DEFAULT_CLUB_COLOURS, PALETTE_STYLE_ID } from '@shared/club-colours';
import { clubPalette, paletteCss } from '@shared/club-palette';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { RowCache } from '../../lib/row-cache';
import type { PageBranding } from '../../plugins/client';
import { getClubColours } from './settings.service';

const THEME_COLOR = /<meta name="theme-color" content="[^"]*"\s*\/?>/;
const ICON = /<link rel="icon" type="image\/svg\+xml" href="[^"]*"\s*\/?>/;

/** The tab's icon: the star of src/client/public/favicon.svg, on the primary, in the text colour that reads on it. */
function favicon(primary: string, ink: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${primary}"/><path fill="${ink}" d="m32 12 5.9 12.6 13.8 1.7-10.2 9.5 2.7 13.7L32 42.8l-12.2 6.7 2.7-13.7-10.2-9.5 13.8-1.7z"/></svg>`;
  return `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(svg)}" />`;
}

/**
 * The palette's variables in the page's head, the browser's bar in the dark band colour and the tab's
 * icon in the primary, for these colours; null for the default pair, which the page as built already has.
 */
export function pageBrandingFor(colours: ClubColours): PageBranding | null {
  if (
    colours.primary === DEFAULT_CLUB_COLOURS.primary &&
    colours.secondary === DEFAULT_CLUB_COLOURS.secondary
  )
    return null;
  const palette = clubPalette(colours);
  const style = `<style id="${PALETTE_STYLE_ID}" data-colours="${coloursKey(colours)}">${paletteCss(palette)}</style>`;
  return {
    tag: `${colours.primary.slice(1)}${colours.secondary.slice(1)}`,
    apply: (html) =>
      html
        .replace(THEME_COLOR, `<meta name="theme-color" content="${palette.dark.chrome}" />`)
        .replace(ICON, favicon(palette.club.primary, palette.club.primaryInk))
        .replace('</head>', `${style}</head>`),
  };
}

/**
 * The page's branding for every page it serves, read once and kept until the database says the branding
 * changed (on any instance). Should the read fail, the page goes out as built: in the default colours,
 * rather than not at all.
 */
export class PagePalette {
  private readonly kept = new RowCache<'page', { branding: PageBranding | null }>({
    ttlMs: 60 * 60_000,
    max: 1,
  });

  constructor(
    private readonly db: Database,
    feed: ChangeFeed,
    private readonly log: FastifyBaseLogger,
  ) {
    feed.subscribe((change) => {
      if (change.kind === 'branding' || change.kind === 'reset') this.kept.clear();
    });
  }

  async current(): Promise<PageBranding | null> {
    try {
      const kept = await this.kept.get('page', async () => ({
        branding: pageBrandingFor(await getClubColours(this.db)),
      }));
      return kept?.branding ?? null;
    } catch (error) {
      this.log.warn({ err: error }, "the club's colours could not be read: the page goes out as built");
      return null;
    }
  }
}
