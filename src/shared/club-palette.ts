/**
 * Every colour the page, the drawn images and the mails derive from the club's two colours, each chosen
 * so its text meets WCAG 2.2 AA: 4.5:1 for text, 3:1 for large text and for the graphics and controls
 * that must be told apart (WCAG 1.4.11). Pure: the server draws and checks with it, the page previews and
 * applies it, and both write the same CSS from it.
 */
import { type ClubColours, HEX_COLOUR } from './club-colours';

/** Normal text. */
export const TEXT_CONTRAST = 4.5;
/** Large text, and graphics or controls that must stand apart from what is next to them. */
export const GRAPHIC_CONTRAST = 3;
/** White on the dark bands (header, footer, hero cards), so their fainter text still reads at 4.5:1. */
const CHROME_CONTRAST = 7;

const WHITE = '#ffffff';
const INK = '#1a1a1a';
const BLACK = '#000000';
/** The page's light surfaces (card, page background, muted fill): the club's colours sit on all three. */
const LIGHT_SURFACES = ['#ffffff', '#f4f4f5', '#f1f1f2'] as const;
/** The page's gold (stars, the Man of the Match), on the dark bands. */
const PAGE_GOLD = '#fbe122';
/** The drawn cards' headings and figures. */
export const CARD_ACCENT = '#f6d31b';
/** The faintest white the drawn cards write with (their footnotes). */
const CARD_FAINT_WHITE = 0.7;
/** The cards' rank circles: white text on a 14 % white wash. */
const CARD_WASH = 0.14;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `#RRGGBB` or `#rrggbb` as the stored spelling, or null for anything else. */
export function normaliseHex(value: string): string | null {
  const lower = value.trim().toLowerCase();
  return HEX_COLOUR.test(lower) ? lower : null;
}

/** WCAG 2.2 relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `share` of `to` over `from`, channel by channel in sRGB, as a browser blends an alpha colour or a
 * gradient stop. Luminance is convex along such a mix, so a mix is never lighter than the lighter end:
 * text that reads on both ends reads everywhere between.
 */
export function mix(from: string, to: string, share: number): string {
  const a = rgbOf(from);
  const b = rgbOf(to);
  return hexOf([0, 1, 2].map((i) => a[i as 0] + (b[i as 0] - a[i as 0]) * share) as Rgb);
}

/** Text on `surface`: white when it reads at 4.5:1, else near-black, else black (one always does). */
export function textOn(surface: string): string {
  return [WHITE, INK].find((text) => contrastRatio(text, surface) >= TEXT_CONTRAST) ?? BLACK;
}

/** `colour` stepped toward `target` until `ok` holds; `target` itself must satisfy it. */
function shadeUntil(colour: string, target: string, ok: (c: string) => boolean): string {
  for (let step = 0; step < 50; step++) {
    const shade = mix(colour, target, step / 50);
    if (ok(shade)) return shade;
  }
  return target;
}

const readsOn = (text: string, surfaces: readonly string[], minimum = TEXT_CONTRAST) =>
  surfaces.every((surface) => contrastRatio(text, surface) >= minimum);

/** A hover shade: a little darker, or lighter for a colour too dark to darken, its text still at 4.5:1. */
function hoverOf(surface: string, text: string): string {
  const darker = mix(surface, BLACK, 0.16);
  const lighter = mix(surface, WHITE, 0.12);
  const order = luminance(surface) < 0.02 ? [lighter, darker] : [darker, lighter];
  return order.find((shade) => contrastRatio(text, shade) >= TEXT_CONTRAST) ?? surface;
}

/**
 * What the dark bands carry: white, the page's muted chrome text and gold at 7:1, 4.5:1 and 4.5:1.
 * (The muted text is checked where it is derived.)
 */
const carriesChromeText = (surface: string) =>
  contrastRatio(WHITE, surface) >= CHROME_CONTRAST && contrastRatio(PAGE_GOLD, surface) >= TEXT_CONTRAST;

/** What the drawn cards write on their background: white, faint white and the accent, and white on the wash. */
const carriesCardText = (surface: string) =>
  readsOn(WHITE, [surface, mix(surface, WHITE, CARD_WASH)]) &&
  readsOn(mix(surface, WHITE, CARD_FAINT_WHITE), [surface]) &&
  readsOn(CARD_ACCENT, [surface]);

/** Every colour that shows the club, each named for where it is used. */
export interface ClubPalette {
  colours: ClubColours;
  /** The club's own marks (crest, portraits, app icon) as chosen, and the text drawn on the primary. */
  club: { primary: string; primaryInk: string; secondary: string; secondaryInk: string };
  /** On the light page: fills (buttons, the chosen rating), their text and hover, text in the colour, tints. */
  light: {
    primary: string;
    primaryForeground: string;
    primaryHover: string;
    primaryText: string;
    primarySoft: string;
    secondary: string;
    secondaryForeground: string;
    secondaryHover: string;
  };
  /** The dark bands (header, footer, hero cards): their colour, muted text, the deep end of their gradients and the accent on them. */
  dark: { chrome: string; muted: string; deep: string; accent: string; accentForeground: string };
  /** The drawn share cards: a gradient from `start` to `end`, white and accent text on it. */
  card: { start: string; end: string; accent: string; accentInk: string };
}

/**
 * Why this pair cannot be used, or null. The crest, the players' portraits and the app's badge draw the
 * club's two colours on each other exactly as chosen: they must tell apart at 3:1. Everything else is
 * derived and always meets its contrast.
 */
export function coloursProblem(colours: ClubColours): 'colourFormat' | 'coloursTooAlike' | null {
  if (!HEX_COLOUR.test(colours.primary) || !HEX_COLOUR.test(colours.secondary)) return 'colourFormat';
  return contrastRatio(colours.primary, colours.secondary) >= GRAPHIC_CONTRAST ? null : 'coloursTooAlike';
}

/** Every derived colour of an accepted pair (see coloursProblem). */
export function clubPalette(colours: ClubColours): ClubPalette {
  const { primary: p, secondary: s } = colours;

  // The fill on light surfaces must stand apart from them at 3:1 (the chosen rating against the others):
  // a pale primary is darkened until it does.
  const primary = shadeUntil(p, BLACK, (c) => readsOn(c, LIGHT_SURFACES, GRAPHIC_CONTRAST));
  const primaryForeground = textOn(primary);
  const primaryHover = hoverOf(primary, primaryForeground);
  const primarySoft = mix(primary, WHITE, 0.915);
  // Text in the club's colour: the hover shade where it reads (as it always has), else darker still.
  const textStart = luminance(primaryHover) < luminance(primary) ? primaryHover : primary;
  const primaryText = shadeUntil(textStart, BLACK, (c) => readsOn(c, [...LIGHT_SURFACES, primarySoft]));

  // The dark bands take the darker club colour, darkened until white reads at 7:1 on it; the lighter one
  // is their accent, which the pair's own 3:1 keeps apart from them.
  const [darker, lighter] = luminance(p) <= luminance(s) ? [p, s] : [s, p];
  const chrome = shadeUntil(darker, BLACK, carriesChromeText);
  const deep = shadeUntil(mix(p, BLACK, 0.59), BLACK, carriesChromeText);
  const muted = shadeUntil(mix(chrome, WHITE, 0.77), WHITE, (c) => readsOn(c, [chrome, deep]));
  const accentForeground = contrastRatio(chrome, lighter) >= TEXT_CONTRAST ? chrome : textOn(lighter);
  // The secondary fill (avatars, secondary buttons) must show on the light page: a pale one gives way
  // to the dark bands' colour.
  const secondary = readsOn(s, LIGHT_SURFACES, GRAPHIC_CONTRAST) ? s : chrome;
  const secondaryForeground = textOn(secondary);

  return {
    colours,
    club: { primary: p, primaryInk: textOn(p), secondary: s, secondaryInk: textOn(s) },
    light: {
      primary,
      primaryForeground,
      primaryHover,
      primaryText,
      primarySoft,
      secondary,
      secondaryForeground,
      secondaryHover: hoverOf(secondary, secondaryForeground),
    },
    dark: { chrome, muted, deep, accent: lighter, accentForeground },
    card: {
      // From the darker of the band and the deep primary, so a dark primary still makes a gradient.
      start: shadeUntil(luminance(deep) < luminance(chrome) ? deep : chrome, BLACK, carriesCardText),
      end: shadeUntil(p, BLACK, carriesCardText),
      accent: CARD_ACCENT,
      accentInk: textOn(CARD_ACCENT),
    },
  };
}

/** The theme's CSS variables (src/client/styles/globals.css) that follow the club's colours. */
export function paletteVariables(palette: ClubPalette): Record<string, string> {
  const { club, light, dark } = palette;
  return {
    '--color-primary': light.primary,
    '--color-primary-hover': light.primaryHover,
    '--color-primary-foreground': light.primaryForeground,
    '--color-primary-text': light.primaryText,
    '--color-primary-soft': light.primarySoft,
    '--color-secondary': light.secondary,
    '--color-secondary-hover': light.secondaryHover,
    '--color-secondary-foreground': light.secondaryForeground,
    '--color-chrome': dark.chrome,
    '--color-chrome-muted': dark.muted,
    '--color-chrome-deep': dark.deep,
    '--color-chrome-accent': dark.accent,
    '--color-chrome-accent-foreground': dark.accentForeground,
    '--color-club-primary': club.primary,
    '--color-club-primary-ink': club.primaryInk,
    '--color-club-secondary': club.secondary,
  };
}

/** The rule the page's `<style id="club-palette">` holds: these variables on the root. */
export function paletteCss(palette: ClubPalette): string {
  const declarations = Object.entries(paletteVariables(palette)).map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(';')}}`;
}
