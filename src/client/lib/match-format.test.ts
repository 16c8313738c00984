import { describe, expect, it } from 'vitest';
import { formatKickOff, formatMatchDate, formatScore, parseScore } from './match-format';

describe('formatMatchDate', () => {
  it('formats a calendar day in en-GB without shifting it across time zones', () => {
    expect(formatMatchDate('2025-09-14')).toMatch(/^Sun,? 14 Sept? 2025$/);
    expect(formatMatchDate('2025-01-01')).toMatch(/^Wed,? 1 Jan 2025$/);
  });

  it('returns null for a missing or malformed date', () => {
    expect(formatMatchDate(null)).toBeNull();
    expect(formatMatchDate('14/09/2025')).toBeNull();
  });
});

describe('formatKickOff', () => {
  it('shows 12-hour times', () => {
    expect(formatKickOff('15:00')).toBe('3:00 PM');
    expect(formatKickOff('10:30')).toBe('10:30 AM');
    expect(formatKickOff('12:45')).toBe('12:45 PM');
    expect(formatKickOff('00:15')).toBe('12:15 AM');
    expect(formatKickOff('00:30')).toBe('12:30 AM');
  });

  it('keeps unexpected text as is', () => {
    expect(formatKickOff('TBC')).toBe('TBC');
  });
});

describe('parseScore', () => {
  it("reads the 'home-away' text first, else the number fields (kept within 0 and 99)", () => {
    expect(parseScore({ score: '2-1', homeScore: 0, awayScore: 0 })).toEqual([2, 1]);
    expect(parseScore({ score: ' 10 - 3 ', homeScore: 0, awayScore: 0 })).toEqual([10, 3]);
    expect(parseScore({ score: '', homeScore: 3, awayScore: 2 })).toEqual([3, 2]);
    expect(parseScore({ score: 'n/a', homeScore: 140, awayScore: -2 })).toEqual([99, 0]);
    expect(formatScore([2, 0])).toBe('2-0');
  });
});
