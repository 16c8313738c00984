import { z } from 'zod';

/** Dates outside these years are refused: no match or filter needs them, and the database stores them all. */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2999;

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real `YYYY-MM-DD` day of YEAR_MIN..YEAR_MAX: the date must read back as the same year, month and day. */
export function isCalendarDate(text: string): boolean {
  const parts = DATE_SHAPE.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < YEAR_MIN || year > YEAR_MAX) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day as `YYYY-MM-DD` that exists (no 30 February, no month 13; 29 February in leap years only). */
export function calendarDate(message = 'Date must be a real date (YYYY-MM-DD)') {
  return z.iso.date({ error: message }).refine(isCalendarDate, message);
}

/** An ISO 8601 date-time with an offset or Z whose day exists and lies in YEAR_MIN..YEAR_MAX. */
export function calendarDateTime(message = 'Must be a real date and time (ISO 8601)') {
  return z.iso
    .datetime({ offset: true, error: message })
    .refine((value) => isCalendarDate(value.slice(0, 10)), message);
}
