import { i18n } from '@client/lib/i18n/i18n';
import { formatCalendarDay, userLocale } from '@client/lib/intl-format';
import type { Match } from '@shared/matches';

/** Completed matches are those not live; newest first. */
export function completedMatches(matches: readonly Match[]): Match[] {
  return matches.filter((m) => !m.isLive).sort((a, b) => sortKey(b).localeCompare(sortKey(a)) || b.id - a.id);
}

function sortKey(m: Match): string {
  return m.scheduledDate ?? m.createdAt.slice(0, 10);
}

/** Matches for the analytics picker: the current one first, then the rest newest first. */
export function pickerMatches(matches: readonly Match[], currentId: number | undefined): Match[] {
  const sorted = [...matches].sort((a, b) => sortKey(b).localeCompare(sortKey(a)) || b.id - a.id);
  const current = sorted.find((m) => m.id === currentId);
  return current ? [current, ...sorted.filter((m) => m !== current)] : sorted;
}

/** `YYYY-MM-DD` as a short date in the admin's locale, read as a calendar day in no time zone. */
export function formatMatchDay(scheduledDate: string | null, locale = userLocale()): string {
  return formatCalendarDay(scheduledDate, { day: 'numeric', month: 'short', year: 'numeric' }, locale) ?? '-';
}

const ONE_DECIMAL: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** Percentages are shown to one decimal, as the language being read writes them (66.7%, 66,7 %). */
export function formatPercent(value: number): string {
  return i18n.number(Math.round(value * 10) / 1000, { ...ONE_DECIMAL, style: 'percent' });
}

/** An average or a spread to one decimal (7.0, 7,0). */
export function formatDecimal(value: number): string {
  return i18n.number(value, ONE_DECIMAL);
}
