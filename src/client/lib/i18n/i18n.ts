import { errorKey } from '@shared/errors';
import {
  bundleOfKey,
  DEFAULT_LOCALE,
  directionOf,
  intlTag,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  matchLocale,
  type PageBundle,
} from '@shared/i18n/locales';
import { type Messages, Translator } from '@shared/i18n/translator';

/**
 * The page's one translator. Its catalogues are compiled at build time by Lingui's compiler
 * (virtual:catalog, see scripts/vite-catalogs.ts) and loaded per language: a reader downloads only the language they read.
 */
export const i18n = new Translator(
  // A key of a bundle not fetched yet (a screen that did not ask for its own): fetched now, and the
  // screen redraws when it arrives (loading a catalogue tells the provider); blank until then.
  (locale, id) => {
    const area = bundleOfKey(id);
    // A key of the first screen's areas that the first bundle left out is in its rest.
    const bundle = area === 'first' ? 'first-rest' : area;
    if (bundle && bundle !== 'mail' && isLocale(locale) && i18n.locale === locale) {
      wanted.add(bundle);
      load(bundle, locale).catch(() => undefined);
    }
    return '';
  },
);

/** Where a reader's own choice is kept on the device (the signed-in fan's is also kept on the account). */
export const LOCALE_KEY = 'matchday_locale';

type Loader = () => Promise<{ default: Messages }>;
// Literal imports, one per bundle and language, so the bundler makes each its own chunk.
const LOADERS: Record<PageBundle, Record<Locale, Loader>> = {
  'first-rest': {
    en: () => import('virtual:catalog/first-rest/en'),
    fr: () => import('virtual:catalog/first-rest/fr'),
    es: () => import('virtual:catalog/first-rest/es'),
    ar: () => import('virtual:catalog/first-rest/ar'),
  },
  first: {
    en: () => import('virtual:catalog/first/en'),
    fr: () => import('virtual:catalog/first/fr'),
    es: () => import('virtual:catalog/first/es'),
    ar: () => import('virtual:catalog/first/ar'),
  },
  errors: {
    en: () => import('virtual:catalog/errors/en'),
    fr: () => import('virtual:catalog/errors/fr'),
    es: () => import('virtual:catalog/errors/es'),
    ar: () => import('virtual:catalog/errors/ar'),
  },
  account: {
    en: () => import('virtual:catalog/account/en'),
    fr: () => import('virtual:catalog/account/fr'),
    es: () => import('virtual:catalog/account/es'),
    ar: () => import('virtual:catalog/account/ar'),
  },
  auth: {
    en: () => import('virtual:catalog/auth/en'),
    fr: () => import('virtual:catalog/auth/fr'),
    es: () => import('virtual:catalog/auth/es'),
    ar: () => import('virtual:catalog/auth/ar'),
  },
  content: {
    en: () => import('virtual:catalog/content/en'),
    fr: () => import('virtual:catalog/content/fr'),
    es: () => import('virtual:catalog/content/es'),
    ar: () => import('virtual:catalog/content/ar'),
  },
  reports: {
    en: () => import('virtual:catalog/reports/en'),
    fr: () => import('virtual:catalog/reports/fr'),
    es: () => import('virtual:catalog/reports/es'),
    ar: () => import('virtual:catalog/reports/ar'),
  },
  admin: {
    en: () => import('virtual:catalog/admin/en'),
    fr: () => import('virtual:catalog/admin/fr'),
    es: () => import('virtual:catalog/admin/es'),
    ar: () => import('virtual:catalog/admin/ar'),
  },
};

const wanted = new Set<PageBundle>(['first']);
const loading = new Map<string, Promise<void>>();

function load(bundle: PageBundle, locale: Locale): Promise<void> {
  const key = `${bundle}/${locale}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = LOADERS[bundle][locale]().then(
      (module) => i18n.load(locale, module.default),
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** A bundle the screen about to open needs (the admin panel's), in the language being read. */
export function loadCatalog(bundle: PageBundle): Promise<void> {
  wanted.add(bundle);
  return load(bundle, currentLocale());
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

function readChoice(): Locale | null {
  try {
    const stored = window.localStorage.getItem(LOCALE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language to start in: the account's, else this device's choice, else the browser's, else English. */
export function initialLocale(accountLocale?: string | null): Locale {
  if (isLocale(accountLocale)) return accountLocale;
  const chosen = typeof window === 'undefined' ? null : readChoice();
  if (chosen) return chosen;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return matchLocale(browser) ?? DEFAULT_LOCALE;
}

/**
 * The locale Intl formats numbers and dates with: the browser's own tag when it is the same language
 * (en-US keeps its month-first dates), else the language's own (Arabic with Latin digits, `intlTag`).
 */
export function formatLocale(locale: Locale = currentLocale()): string {
  if (locale === 'ar') return intlTag(locale);
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return browser.find((tag) => matchLocale([tag]) === locale) ?? intlTag(locale);
}

function applyToDocument(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

function remember(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode or a full store: the choice lasts this visit.
  }
  // The server reads it to draw the first screen and to answer in the same language.
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

const SIGNED_OUT_CHOICE_KEY = 'matchday_locale_signed_out';

/** A language picked before signing in is the fan's choice: the account takes it at the sign-in. */
export function rememberSignedOutChoice(locale: Locale): void {
  try {
    window.localStorage.setItem(SIGNED_OUT_CHOICE_KEY, locale);
  } catch {
    // Without storage the account keeps its own language.
  }
}

/** The language picked while signed out, once: reading it forgets it. */
export function takeSignedOutChoice(): Locale | null {
  try {
    const chosen = window.localStorage.getItem(SIGNED_OUT_CHOICE_KEY);
    window.localStorage.removeItem(SIGNED_OUT_CHOICE_KEY);
    return isLocale(chosen) ? chosen : null;
  } catch {
    return null;
  }
}

/** Loads every bundle in use in `locale`, then switches the page to it (text, `lang` and direction). */
export async function activateLocale(locale: Locale, { persist = false } = {}): Promise<void> {
  await Promise.all([...wanted].map((bundle) => load(bundle, locale)));
  i18n.activate(locale, [formatLocale(locale)]);
  applyToDocument(locale);
  if (persist) remember(locale);
}

/** Messages already compiled, for the server's render of the first screen. */
export function activateWith(locale: Locale, messages: Messages): void {
  i18n.load(locale, messages);
  i18n.activate(locale, [formatLocale(locale)]);
}

/**
 * A lazy screen's import, fetched together with its catalogue, so it draws with its words at once. It
 * also needs the common words the first screen's bundle left out (the footer's links, a password field's
 * toggle): without them those would draw blank, nameless to a screen reader, until they came. A
 * catalogue that cannot be fetched does not stop the screen (its words come when they can).
 */
export function withCatalog<T>(bundle: PageBundle, importer: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([
      importer(),
      loadCatalog(bundle).catch(() => undefined),
      loadCatalog('first-rest').catch(() => undefined),
    ]).then(([module]) => module);
}

/** The text of a server error code in the reader's language, or null for a code the page has no text for. */
export function errorCodeText(code: string): string | null {
  const key = errorKey({ code });
  return i18n.messages[key] !== undefined ? i18n._(key) : null;
}
