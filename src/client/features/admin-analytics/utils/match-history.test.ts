import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import type { Match } from '@shared/matches';
import { describe, expect, it } from 'vitest';
import { completedMatches, formatMatchDay, formatPercent, pickerMatches } from './match-history';

function match(id: number, scheduledDate: string | null, isLive = false): Match {
  return {
    id,
    title: `Match ${id}`,
    opponent: 'Rivals',
    venue: 'Old Trafford',
    tournament: 'Premier League',
    scheduledDate,
    kickOffTime: '15:00',
    score: '0-0',
    homeScore: 0,
    awayScore: 0,
    isLive,
    isHalfTime: false,
    startedAt: null,
    status: isLive ? 'LIVE' : 'Not Started',
    createdAt: '2025-01-01T00:00:00Z',
    kickOffAt: null,
    isHome: null,
    feedNote: null,
    fullTimeAt: null,
    votingClosesAt: null,
    hiddenAt: null,
  };
}

describe('match history', () => {
  loadCatalogsForTests();

  it('keeps matches that are not live, newest first', () => {
    const list = [
      match(1, '2025-08-01'),
      match(2, '2025-09-01', true),
      match(3, '2025-08-20'),
      match(4, null),
    ];
    expect(completedMatches(list).map((m) => m.id)).toEqual([3, 1, 4]);
  });

  it('puts the current match first in the picker', () => {
    const list = [match(1, '2025-08-01'), match(2, '2025-09-01'), match(3, '2025-08-20')];
    expect(pickerMatches(list, 1).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(pickerMatches(list, undefined).map((m) => m.id)).toEqual([2, 3, 1]);
  });

  it('formats days and percentages', () => {
    expect(formatMatchDay('2025-09-14', 'en-GB')).toMatch(/^14 Sept? 2025$/);
    expect(formatMatchDay('2025-09-14', 'en-US')).toBe('Sep 14, 2025');
    expect(formatMatchDay(null)).toBe('-');
    expect(formatPercent(66.66)).toBe('66.7%');
    expect(formatPercent(0)).toBe('0.0%');
  });
});
