import { describe, expect, it } from 'vitest';
import {
  distributionBars,
  distributionSummary,
  minuteLabel,
  timelinePoints,
  timelineSummary,
} from './chart-data';

describe('timeline', () => {
  it('labels minutes', () => {
    expect(minuteLabel('37')).toBe("37'");
    expect(minuteLabel('15:04')).toBe('15:04');
    expect(minuteLabel('2025-09-14T15:04:00')).toBe('15:04');
  });

  it('summarises the ratings per minute', () => {
    const points = timelinePoints([
      { minute: '15:00', ratings: 2 },
      { minute: '15:01', ratings: 9 },
      { minute: '15:02', ratings: 4 },
    ]);
    expect(timelineSummary(points)).toBe(
      '15 ratings between 15:00 and 15:02; the busiest minute was 15:01 with 9.',
    );
    expect(timelineSummary([])).toBe('No ratings have been made in this match yet.');
    expect(timelineSummary([{ label: '18:00', ratings: 1 }])).toBe('1 rating, all in the minute 18:00.');
  });
});

describe('distribution', () => {
  it('has ten bars', () => {
    const bars = distributionBars([0, 0, 0, 0, 1, 2, 5, 3, 0, 1]);
    expect(bars).toHaveLength(10);
    expect(bars[6]).toEqual({ value: '7', count: 5 });
  });

  it('names the average and the most common value', () => {
    expect(distributionSummary('Bruno', 7.04, 12, [0, 0, 0, 0, 1, 2, 5, 3, 0, 1])).toBe(
      'Bruno: average 7.0 from 12 ratings; most common rating 7 (5 fans).',
    );
    expect(distributionSummary('Bruno', 0, 0, Array(10).fill(0))).toBe('Bruno has no ratings yet.');
  });
});
