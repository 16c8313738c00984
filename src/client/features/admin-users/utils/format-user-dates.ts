import { i18n } from '@client/lib/i18n/i18n';
import { formatInstant, userLocale } from '@client/lib/intl-format';

/** Dates of the user table, in the admin's locale and time zone. */

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { ...DAY, hour: '2-digit', minute: '2-digit' };

/** 'Never' when the user has not signed in. */
export function formatLastLogin(value: string | null | undefined, locale = userLocale()): string {
  return formatInstant(value, DAY_AND_TIME, locale) ?? i18n._('admin.users.never');
}

export function formatCreated(value: string | null | undefined, locale = userLocale()): string {
  return formatInstant(value, DAY, locale) ?? '-';
}
