import { describe, expect, it } from 'vitest';
import { averageOf, oneDecimalRatio, percentOf } from './percent';

describe('percentages round half up from the integer counts, not through floating point', () => {
  it('145 of 2,000 is 7.3 %, not 7.2 %', () => {
    expect((145 / 2000) * 100).toBeLessThan(7.25); // the floating-point quotient that rounded down
    expect(percentOf(145, 2000)).toBe(7.3);
  });

  it('thirds round to the nearest tenth: 1 of 3 is 33.3, 2 of 3 is 66.7', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
  });

  it('nothing to share is 0, not NaN', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('halves round up: 1 of 8 is 12.5, 1 of 16 is 6.3, 1 of 40 is 2.5, 23 of 80 is 28.8', () => {
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(1, 16)).toBe(6.3);
    expect(percentOf(1, 40)).toBe(2.5);
    expect(percentOf(23, 80)).toBe(28.8);
    expect(percentOf(0, 7)).toBe(0);
    expect(percentOf(7, 7)).toBe(100);
  });

  it('agrees with exact integer rounding for every count of every total up to 2,000', () => {
    for (let total = 1; total <= 2000; total++) {
      for (let count = 0; count <= total; count++) {
        // floor((count * 1000 + total / 2) / total) / 10, in integers only.
        const exact = Math.floor((count * 2000 + total) / (2 * total)) / 10;
        if (percentOf(count, total) !== exact)
          expect(percentOf(count, total), `${count}/${total}`).toBe(exact);
      }
    }
  });

  it('averages round half up the same way: 29 over 4 ratings is 7.3, 143 over 20 is 7.2', () => {
    expect(averageOf(29, 4)).toBe(7.3);
    expect(averageOf(143, 20)).toBe(7.2);
    expect(averageOf(0, 0)).toBe(0);
    expect(oneDecimalRatio(1, 4)).toBe(0.3);
  });
});
