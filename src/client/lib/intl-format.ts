import { isCalendarDate } from '@shared/dates';
import { formatLocale } from './i18n/i18n';

/**
 * Dates, times and numbers in the user's own way, through Intl: the language being read (in the
 * browser's variant of it) decides the order and the words. Every formatter takes the locale last, so a screen may pin one
 * (the current-match card keeps en-GB) and tests can name theirs.
 */

/** The locale to format in: the language being read, in the browser's own variant of it (en-US, fr-CA). */
export function userLocale(): string | undefined {
  return formatLocale();
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A formatter per locale and options, made once; a tag Intl refuses falls back to the runtime's. */
function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat(undefined, options);
    }
    dateFormats.set(key, format);
  }
  return format;
}

function numberFormat(locale: string | undefined): Intl.NumberFormat {
  const key = locale ?? '';
  let format = numberFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale);
    } catch {
      format = new Intl.NumberFormat();
    }
    numberFormats.set(key, format);
  }
  return format;
}

/** `YYYY-MM-DD` as that calendar day (midnight UTC), or null when it is not a real day. */
export function parseCalendarDay(day: string | null | undefined): Date | null {
  if (!day || !isCalendarDate(day)) return null;
  return new Date(`${day}T00:00:00Z`);
}

/** A calendar day (a match date): read in UTC, so the day shown never moves with the time zone. */
export function formatCalendarDay(
  day: string | null | undefined,
  options: Intl.DateTimeFormatOptions,
  locale: string | undefined = userLocale(),
): string | null {
  const date = parseCalendarDay(day);
  return date ? dateFormat(locale, { ...options, timeZone: 'UTC' }).format(date) : null;
}

/** A moment (a sign-in, a creation) in the user's own time zone; null when it does not parse. */
export function formatInstant(
  value: string | Date | null | undefined,
  options: Intl.DateTimeFormatOptions,
  locale: string | undefined = userLocale(),
): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat(locale, options).format(date);
}

/** A wall-clock time `HH:MM` (a kick-off) as the locale writes it: 15:00, or 3:00 PM. */
export function formatClockTime(time: string, locale: string | undefined = userLocale()): string {
  const parts = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!parts || Number(parts[1]) > 23 || Number(parts[2]) > 59) return time;
  const date = new Date(Date.UTC(2000, 0, 1, Number(parts[1]), Number(parts[2])));
  return dateFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date);
}

export function formatNumber(value: number, locale: string | undefined = userLocale()): string {
  return numberFormat(locale).format(value);
}

export type DatePart = 'day' | 'month' | 'year';

export interface NumericDatePattern {
  /** The order the locale writes a numeric date in. */
  order: DatePart[];
  separator: string;
  /** What to type, e.g. DD/MM/YYYY or MM/DD/YYYY. */
  placeholder: string;
}

const PLACEHOLDER: Record<DatePart, string> = { day: 'DD', month: 'MM', year: 'YYYY' };

/** How the locale writes a date in digits, learnt from Intl itself. */
export function numericDatePattern(locale: string | undefined = userLocale()): NumericDatePattern {
  const parts = dateFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(2000, 10, 22)));
  const order = parts
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  const literal = parts.find((part) => part.type === 'literal')?.value.trim();
  const separator = literal && literal.length === 1 ? literal : '/';
  const complete = order.length === 3 ? order : (['day', 'month', 'year'] as DatePart[]);
  return { order: complete, separator, placeholder: complete.map((p) => PLACEHOLDER[p]).join(separator) };
}

/** `YYYY-MM-DD` written for typing back in, in the locale's order: 22/11/2026, 11/22/2026, 2026-11-22. */
export function formatDayForEntry(day: string, locale: string | undefined = userLocale()): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return day;
  const value: Record<DatePart, string> = {
    year: parts[1] as string,
    month: parts[2] as string,
    day: parts[3] as string,
  };
  const { order, separator } = numericDatePattern(locale);
  return order.map((part) => value[part]).join(separator);
}

/**
 * A typed date in the locale's order (any of / . - or spaces between, day and month with or without
 * their leading zero) as `YYYY-MM-DD`; ISO `YYYY-MM-DD` is always understood. Null when it is not a
 * real day.
 */
export function parseDayEntry(text: string, locale: string | undefined = userLocale()): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const numbers = iso
    ? { year: iso[1], month: iso[2], day: iso[3] }
    : (() => {
        const pieces = trimmed.split(/[\s./-]+/).filter(Boolean);
        if (pieces.length !== 3 || pieces.some((p) => !/^\d+$/.test(p))) return null;
        const { order } = numericDatePattern(locale);
        return Object.fromEntries(order.map((part, i) => [part, pieces[i]])) as Record<DatePart, string>;
      })();
  if (!numbers?.year || !numbers.month || !numbers.day || numbers.year.length !== 4) return null;
  const day = `${numbers.year}-${numbers.month.padStart(2, '0')}-${numbers.day.padStart(2, '0')}`;
  return isCalendarDate(day) ? day : null;
}
