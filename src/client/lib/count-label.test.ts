import { describe, expect, it } from 'vitest';
import { countLabel } from './intl-format';

describe('countLabel', () => {
  it('uses the singular for one', () => {
    expect(countLabel(1, 'rating')).toBe('1 rating');
    expect(countLabel(0, 'rating')).toBe('0 ratings');
    expect(countLabel(1204, 'rating')).toBe('1,204 ratings');
  });
});
