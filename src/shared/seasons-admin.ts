/** The admin's season setting: the month the club's seasons start in, and the call that regroups them. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { defineErrors, errorKey } from './errors';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'August' for 8. */
export const monthName = (month: number): string => MONTH_NAMES[(month - 1 + 12) % 12] ?? '';

/** 'Seasons run from August to July.' for 8; a January start runs to December. */
export const seasonSpan = (startMonth: number): string =>
  `Seasons run from ${monthName(startMonth)} to ${monthName(startMonth - 1)}.`;

export const SEASON_SETTINGS_ERRORS = defineErrors('seasonSettings', {
  month: 'Choose a month from 1 (January) to 12 (December)',
});

const monthKey = errorKey(SEASON_SETTINGS_ERRORS.month);
const startMonth = z.number({ error: monthKey }).int(monthKey).min(1, monthKey).max(12, monthKey);

export const seasonSettings = z.object({ startMonth });
export type SeasonSettings = z.infer<typeof seasonSettings>;

export const seasonSettingsBody = z.object({ startMonth });
export type SeasonSettingsBody = z.input<typeof seasonSettingsBody>;

/** The saved month, and what the ended matches now make: kept reports regrouped, seasons they fill. */
export const savedSeasonSettings = seasonSettings.extend({
  matches: z.number().int(),
  seasons: z.number().int(),
});
export type SavedSeasonSettings = z.infer<typeof savedSeasonSettings>;

export const seasonsAdminApi = {
  settings: endpoint({ method: 'GET', path: '/api/admin/season-settings', response: seasonSettings }),
  /** Saves the month; every kept report moves to its season under it and every season table is rebuilt. */
  save: endpoint({
    method: 'PUT',
    path: '/api/admin/season-settings',
    body: seasonSettingsBody,
    response: savedSeasonSettings,
  }),
};
