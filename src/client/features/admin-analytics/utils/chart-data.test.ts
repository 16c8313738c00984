import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import { describe, expect, it } from 'vitest';
import {
  distributionBars,
  distributionSummary,
  minuteLabel,
  timelinePoints,
  timelineSummary,
} from './chart-data';

describe('timeline', () => {
  loadCatalogsForTests();

  it('labels match minutes as football writes them, never as clock times', () => {
    expect(minuteLabel(1)).toBe("1'");
    expect(minuteLabel(37)).toBe("37'");
    expect(minuteLabel(90)).toBe("90'");
    expect(minuteLabel(93)).toBe("90+3'");
    expect(minuteLabel(0)).toBe('Pre-match');
  });

  it('summarises the ratings per minute', () => {
    const points = timelinePoints([
      { minute: 76, ratings: 2 },
      { minute: 77, ratings: 9 },
      { minute: 78, ratings: 4 },
    ]);
    expect(timelineSummary(points)).toBe(
      "15 ratings between 76' and 78'; the busiest minute was 77' with 9.",
    );
    expect(timelineSummary([])).toBe('No ratings have been made in this match yet.');
    expect(timelineSummary(timelinePoints([{ minute: 91, ratings: 1 }]))).toBe(
      "1 rating, all in the minute 90+1'.",
    );
  });
});

describe('distribution', () => {
  loadCatalogsForTests();

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
