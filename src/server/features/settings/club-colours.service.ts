/** The club's colours as the server draws with them: a primary one and a dark one for contrast. */
export interface ClubColours {
  primary: string;
  dark: string;
}

/** The page theme's colours (src/client/styles/globals.css: --color-primary, --color-secondary). */
export const DEFAULT_CLUB_COLOURS: ClubColours = { primary: '#da291c', dark: '#1a1a1a' };

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The colours to draw with, from whatever branding gives (nothing yet: the branding settings hold no
 * colours): each one a `#rrggbb` value, else the default. Lower case, so one colour has one spelling
 * in the addresses built from it.
 */
export function clubColours(given: { primary?: string | null; dark?: string | null } = {}): ClubColours {
  const pick = (value: string | null | undefined, fallback: string) =>
    (value && HEX.test(value) ? value : fallback).toLowerCase();
  return {
    primary: pick(given.primary, DEFAULT_CLUB_COLOURS.primary),
    dark: pick(given.dark, DEFAULT_CLUB_COLOURS.dark),
  };
}
