import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatClockTime,
  formatDayForEntry,
  formatInstant,
  formatNumber,
  numericDatePattern,
  parseDayEntry,
} from './intl-format';

// Newer ICU puts a narrow no-break space before AM/PM: compare with plain spaces.
const plain = (text: string | null) => text?.replace(/\s/g, ' ');

describe('dates in the user locale', () => {
  it('writes a calendar day in the order and words of the locale, never shifted by the time zone', () => {
    const style = { day: 'numeric', month: 'short', year: 'numeric' } as const;
    expect(formatCalendarDay('2025-09-14', style, 'en-GB')).toMatch(/^14 Sept? 2025$/);
    expect(formatCalendarDay('2025-09-14', style, 'en-US')).toBe('Sep 14, 2025');
    expect(formatCalendarDay('2025-09-14', style, 'de-DE')).toBe('14. Sept. 2025');
    expect(formatCalendarDay('2025-02-30', style, 'en-GB')).toBeNull();
    expect(formatCalendarDay(null, style, 'en-GB')).toBeNull();
  });

  it('writes moments, clock times and numbers the locale way', () => {
    const at = '2025-09-14T12:00:00Z';
    expect(
      formatInstant(at, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }, 'fr-FR'),
    ).toBe('14 septembre 2025');
    expect(formatInstant('not a date', { year: 'numeric' }, 'en-GB')).toBeNull();
    expect(formatClockTime('15:00', 'en-GB')).toBe('15:00');
    expect(plain(formatClockTime('15:00', 'en-US'))).toBe('3:00 PM');
    expect(formatClockTime('TBC', 'en-GB')).toBe('TBC');
    expect(formatNumber(12345, 'en-GB')).toBe('12,345');
    expect(formatNumber(12345, 'de-DE')).toBe('12.345');
  });

  it('falls back to the runtime locale for a tag Intl refuses', () => {
    expect(formatNumber(1, 'not a locale!')).toBe('1');
  });
});

describe('typed date entry', () => {
  it('learns the numeric order of the locale', () => {
    expect(numericDatePattern('en-GB')).toEqual({
      order: ['day', 'month', 'year'],
      separator: '/',
      placeholder: 'DD/MM/YYYY',
    });
    expect(numericDatePattern('en-US').placeholder).toBe('MM/DD/YYYY');
    expect(numericDatePattern('de-DE').placeholder).toBe('DD.MM.YYYY');
    expect(numericDatePattern('sv-SE').placeholder).toBe('YYYY-MM-DD');
  });

  it('writes and reads a day in that order', () => {
    expect(formatDayForEntry('2026-11-05', 'en-GB')).toBe('05/11/2026');
    expect(formatDayForEntry('2026-11-05', 'en-US')).toBe('11/05/2026');
    expect(parseDayEntry('05/11/2026', 'en-GB')).toBe('2026-11-05');
    expect(parseDayEntry('5.11.2026', 'de-DE')).toBe('2026-11-05');
    expect(parseDayEntry('11/05/2026', 'en-US')).toBe('2026-11-05');
    expect(parseDayEntry(' 5 11 2026 ', 'en-GB')).toBe('2026-11-05');
  });

  it('always understands ISO, and refuses what is not a real day', () => {
    expect(parseDayEntry('2026-11-05', 'en-US')).toBe('2026-11-05');
    expect(parseDayEntry('31/02/2026', 'en-GB')).toBeNull();
    expect(parseDayEntry('05/11/26', 'en-GB')).toBeNull();
    expect(parseDayEntry('tomorrow', 'en-GB')).toBeNull();
    expect(parseDayEntry('', 'en-GB')).toBeNull();
  });
});
