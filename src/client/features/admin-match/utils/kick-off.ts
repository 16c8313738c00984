/** Kick-off hours 10 to 21, minutes 00/15/30/45, shown 12-hour. */
export const KICK_OFF_FIRST_HOUR = 10;
export const KICK_OFF_LAST_HOUR = 21;
export const KICK_OFF_MINUTES = ['00', '15', '30', '45'] as const;

/** `HH:MM` as a 12-hour time ("15:00" -> "3:00 PM"); anything else is shown as given. */
export function formatTime12h(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return time;
  const hours = Number(match[1]);
  if (hours > 23) return time;
  const suffix = hours >= 12 ? 'PM' : 'AM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${match[2]} ${suffix}`;
}

export interface KickOffOption {
  value: string;
  label: string;
}

/** 10:00 to 21:45 in 15-minute steps: 48 options, values `HH:MM`, labels 12-hour. */
export function kickOffOptions(): KickOffOption[] {
  const options: KickOffOption[] = [];
  for (let hour = KICK_OFF_FIRST_HOUR; hour <= KICK_OFF_LAST_HOUR; hour++) {
    for (const minutes of KICK_OFF_MINUTES) {
      const value = `${String(hour).padStart(2, '0')}:${minutes}`;
      options.push({ value, label: formatTime12h(value) });
    }
  }
  return options;
}
