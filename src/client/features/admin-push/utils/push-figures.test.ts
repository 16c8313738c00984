import { describe, expect, it } from 'vitest';
import { deliveredPercent, durationParts } from './push-figures';

describe('push figures', () => {
  it('gives a send under a minute in seconds to one decimal, a longer one in minutes and seconds', () => {
    expect(durationParts(0)).toEqual({ minutes: 0, seconds: 0 });
    expect(durationParts(840)).toEqual({ minutes: 0, seconds: 0.8 });
    expect(durationParts(12_345)).toEqual({ minutes: 0, seconds: 12.3 });
    expect(durationParts(59_940)).toEqual({ minutes: 0, seconds: 59.9 });
    expect(durationParts(59_960)).toEqual({ minutes: 1, seconds: 0 });
    expect(durationParts(125_400)).toEqual({ minutes: 2, seconds: 5 });
    expect(durationParts(-5)).toEqual({ minutes: 0, seconds: 0 });
    expect(durationParts(Number.NaN)).toEqual({ minutes: 0, seconds: 0 });
  });

  it('gives the share delivered in whole percent', () => {
    expect(deliveredPercent(0, 0)).toBe(0);
    expect(deliveredPercent(1, 3)).toBe(33);
    expect(deliveredPercent(2, 3)).toBe(67);
    expect(deliveredPercent(5, 5)).toBe(100);
  });
});
