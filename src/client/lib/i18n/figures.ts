import { directionOf } from '@shared/i18n/locales';
import { currentLocale, i18n } from './i18n';

const ONE_DECIMAL: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** A figure to one decimal (an average rating, a vote share) as the language being read writes it: 7.5, 7,5. */
export function oneDecimal(value: number): string {
  return i18n.number(value, ONE_DECIMAL);
}

/**
 * Text whose order matters (a score) kept left to right inside a plain string (a tab title, a tooltip)
 * read right to left; unchanged in a left-to-right language.
 */
export function isolateLtr(text: string): string {
  return directionOf(currentLocale()) === 'rtl' ? `\u2066${text}\u2069` : text;
}

/** A shirt number as it is read in every language, #24, kept left to right inside a right-to-left line. */
export function shirtNumber(number: number): string {
  return isolateLtr(`#${number}`);
}
