import { formatClockTime, userLocale } from '@client/lib/intl-format';

/** Kick-off hours 10 to 21, minutes 00/15/30/45, shown as the admin's locale writes times. */
export const KICK_OFF_FIRST_HOUR = 10;
export const KICK_OFF_LAST_HOUR = 21;
export const KICK_OFF_MINUTES = ['00', '15', '30', '45'] as const;

export interface KickOffOption {
  value: string;
  label: string;
}

/** 10:00 to 21:45 in 15-minute steps: 48 options, values `HH:MM`, labels in the locale (3:00 PM, 15:00). */
export function kickOffOptions(locale: string | undefined = userLocale()): KickOffOption[] {
  const options: KickOffOption[] = [];
  for (let hour = KICK_OFF_FIRST_HOUR; hour <= KICK_OFF_LAST_HOUR; hour++) {
    for (const minutes of KICK_OFF_MINUTES) {
      const value = `${String(hour).padStart(2, '0')}:${minutes}`;
      options.push({ value, label: formatClockTime(value, locale) });
    }
  }
  return options;
}
