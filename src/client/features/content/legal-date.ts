import { currentLocale, formatLocale } from '@client/lib/i18n/i18n';
import { formatCalendarDay } from '@client/lib/intl-format';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * A legal page's "last updated" day, kept in English as "September 3, 2025", written the way the
 * language being read writes a date (3 septembre 2025). English, or a form it does not know, is shown
 * as it is.
 */
export function legalDate(text: string): string {
  const locale = currentLocale();
  if (locale === 'en') return text;
  const parts = /^([A-Za-z]+) (\d{1,2}), (\d{4})$/.exec(text.trim());
  const month = parts ? MONTHS.indexOf((parts[1] as string).toLowerCase()) + 1 : 0;
  if (!parts || month === 0) return text;
  const day = `${parts[3]}-${String(month).padStart(2, '0')}-${(parts[2] as string).padStart(2, '0')}`;
  return (
    formatCalendarDay(day, { day: 'numeric', month: 'long', year: 'numeric' }, formatLocale(locale)) ?? text
  );
}
