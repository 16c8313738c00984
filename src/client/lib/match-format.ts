import { currentLocale, formatLocale } from './i18n/i18n';
import { formatCalendarDay, formatClockTime } from './intl-format';

/** How a match's date, kick-off and score read on every screen, fan's and admin's alike. */

/** A match day the short way: weekday, day, month and year ("Sun 14 Sept 2025" in en-GB). */
export const MATCH_DAY_STYLE: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
};

/**
 * `YYYY-MM-DD` as an en-GB short date ("Sun 14 Sept 2025"), read as a calendar day in no time zone:
 * the current-match card's wording. Read in another language, the same parts in that language's way
 * ("dim. 14 sept. 2025"). Other screens use formatCalendarDay in the user's locale.
 */
export function formatMatchDate(scheduledDate: string | null): string | null {
  const locale = currentLocale() === 'en' ? 'en-GB' : formatLocale();
  return formatCalendarDay(scheduledDate, MATCH_DAY_STYLE, locale);
}

/**
 * `HH:MM` as a 12-hour time ("15:00" -> "3:00 PM"); read in another language, as that language writes
 * the time ("15:00"). Anything else is shown as given.
 */
export function formatKickOff(kickOffTime: string): string {
  if (currentLocale() !== 'en') return formatClockTime(kickOffTime, formatLocale());
  const match = /^(\d{1,2}):(\d{2})$/.exec(kickOffTime.trim());
  if (!match) return kickOffTime;
  const hours = Number(match[1]);
  if (hours > 23) return kickOffTime;
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${match[2]} ${suffix}`;
}

/** Goals per side: at least 0 and at most the contract's two digits. */
export const GOALS_MIN = 0;
export const GOALS_MAX = 99;

export type Score = readonly [home: number, away: number];

export function clampGoals(goals: number): number {
  if (!Number.isFinite(goals)) return GOALS_MIN;
  return Math.min(GOALS_MAX, Math.max(GOALS_MIN, Math.trunc(goals)));
}

/** The score as two numbers: the 'home-away' text wins over the separate fields when it parses. */
export function parseScore(match: { score: string; homeScore: number; awayScore: number }): Score {
  const parsed = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/.exec(match.score);
  if (parsed) return [Number(parsed[1]), Number(parsed[2])];
  return [clampGoals(match.homeScore), clampGoals(match.awayScore)];
}

export function formatScore([home, away]: Score): string {
  return `${home}-${away}`;
}
