import { z } from 'zod';

/** The languages the product speaks; English is the default and the source of every catalogue. */
export const LOCALES = ['en', 'fr', 'es', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const localeSchema = z.enum(LOCALES);

/** Each language by its own name, as a switcher lists them: a reader finds theirs whatever is shown. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  ar: 'العربية',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The tag Intl formats a language's numbers and dates with. Arabic keeps Latin digits, as scores and
 * ratings are read in them across the Arab world's football coverage.
 */
export function intlTag(locale: Locale): string {
  return locale === 'ar' ? 'ar-u-nu-latn' : locale;
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** The first supported language among BCP 47 tags in the reader's order (`fr-CA` is French), else null. */
export function matchLocale(tags: readonly (string | null | undefined)[]): Locale | null {
  for (const tag of tags) {
    const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** `Accept-Language` as tags, most wanted first (`q=0` is a refusal); at most 20 entries are read. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The cookie that carries a reader's chosen language to the server's first answer (not a secret). */
export const LOCALE_COOKIE = 'matchday_locale';

/**
 * The catalogue areas (one JSON file per area and language under `catalogs/`) and the bundle each is
 * loaded in. `first` is what the fan's first screen reads, fetched before it draws; every other bundle
 * is fetched with the screen that needs it (or soon after the first screen); `mail` is the server's
 * (its mails, pushes and the share cards it draws).
 */
export const CATALOG_AREAS = {
  common: 'first',
  home: 'first',
  voting: 'first',
  results: 'first',
  errors: 'errors',
  account: 'account',
  auth: 'auth',
  content: 'content',
  reports: 'reports',
  admin: 'admin',
  'admin-match': 'admin',
  'admin-squad': 'admin',
  mail: 'mail',
  cards: 'mail',
  /** The widgets other sites embed: drawn by the server (features/embed). */
  embed: 'mail',
} as const;
export type CatalogArea = keyof typeof CATALOG_AREAS;
export type CatalogBundle = (typeof CATALOG_AREAS)[CatalogArea];
/** `first-rest`: the first bundle's keys no first-load code names (cut at build time, see vite-catalogs). */
export type PageBundle = Exclude<CatalogBundle, 'mail'> | 'first-rest';
export const PAGE_BUNDLES: readonly Exclude<PageBundle, 'first-rest'>[] = [
  'first',
  'errors',
  'account',
  'auth',
  'content',
  'reports',
  'admin',
];

/** The bundle a key is in, by its area (the part before the first dot, or `admin-…`). */
export function bundleOfKey(key: string): CatalogBundle | null {
  const area = key.slice(0, key.indexOf('.'));
  return (CATALOG_AREAS as Record<string, CatalogBundle>)[area] ?? null;
}
