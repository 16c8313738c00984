/**
 * The club's two colours as chosen and stored: what the page's first load needs of them. Everything
 * derived from them is in club-palette.ts, which the page loads only when it draws with other colours.
 */

/** The colours an admin chose, each `#rrggbb` in lower case (one colour, one spelling). */
export interface ClubColours {
  primary: string;
  secondary: string;
}

/** The club's red and near-black: what an install shows until an admin chooses. */
export const DEFAULT_CLUB_COLOURS: ClubColours = { primary: '#da291c', secondary: '#1a1a1a' };

/** A colour as the settings store it. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** The element the server writes a chosen palette into, and the page rewrites when the colours change. */
export const PALETTE_STYLE_ID = 'club-palette';

/** The pair a palette style names in its `data-colours`: "#rrggbb #rrggbb". */
export const coloursKey = (colours: ClubColours) => `${colours.primary} ${colours.secondary}`;
