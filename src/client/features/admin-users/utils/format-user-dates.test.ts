import { describe, expect, it } from 'vitest';
import { formatCreated, formatLastLogin } from './format-user-dates';

describe('user table dates', () => {
  it("shows 'Never' for a user who has not signed in", () => {
    expect(formatLastLogin(null)).toBe('Never');
    expect(formatLastLogin('')).toBe('Never');
    expect(formatLastLogin('not a date')).toBe('Never');
  });

  it('formats dates the en-GB way', () => {
    expect(formatCreated('2025-09-14T12:00:00Z')).toMatch(/^14 Sept? 2025$/);
    expect(formatLastLogin('2025-09-14T12:00:00Z')).toMatch(/^14 Sept? 2025/);
    expect(formatCreated(null)).toBe('-');
  });
});
