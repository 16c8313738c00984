import { describe, expect, it } from 'vitest';
import { calendarDate, calendarDateTime, isCalendarDate } from './dates';

describe('impossible calendar dates are refused', () => {
  it.each(['2027-02-30', '2026-13-01', '2025-02-29', '2026-00-10', '2026-04-31', '2026-01-00'])(
    '%s is not a day',
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
      expect(calendarDate().safeParse(value).success).toBe(false);
      expect(calendarDateTime().safeParse(`${value}T12:00:00Z`).success).toBe(false);
    },
  );

  it.each(['2028-02-29', '2000-02-29', '2026-12-31', '2027-01-01'])('%s is a day', (value) => {
    expect(isCalendarDate(value)).toBe(true);
    expect(calendarDate().parse(value)).toBe(value);
    expect(calendarDateTime().safeParse(`${value}T12:00:00+01:00`).success).toBe(true);
  });

  it('29 February only in leap years: 1900 and 2100 are not, 2000 is', () => {
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2100-02-29')).toBe(false);
    expect(isCalendarDate('2000-02-29')).toBe(true);
  });

  it('only years 1900 to 2999, and only the YYYY-MM-DD shape', () => {
    for (const value of [
      '0000-01-01',
      '1899-12-31',
      '3000-01-01',
      '2026-1-01',
      '20260101',
      ' 2026-01-01',
      '',
    ])
      expect(calendarDate().safeParse(value).success, value).toBe(false);
    expect(calendarDate().safeParse('1900-01-01').success).toBe(true);
    expect(calendarDate().safeParse('2999-12-31').success).toBe(true);
    expect(calendarDateTime().safeParse('0000-01-01T00:00:00Z').success).toBe(false);
  });

  it('says what is wrong in the given words', () => {
    const result = calendarDate('Match date must be a real date (YYYY-MM-DD)').safeParse('2027-02-30');
    expect(result.error?.issues[0]?.message).toBe('Match date must be a real date (YYYY-MM-DD)');
  });
});
