import { loadCatalogsForTests } from '@client/lib/i18n/testing';
import { describe, expect, it } from 'vitest';
import { formatCreated, formatLastLogin } from './format-user-dates';

describe('user table dates', () => {
  loadCatalogsForTests();

  it("shows 'Never' for a user who has not signed in", () => {
    expect(formatLastLogin(null)).toBe('Never');
    expect(formatLastLogin('')).toBe('Never');
    expect(formatLastLogin('not a date')).toBe('Never');
  });

  it("formats dates the admin's locale way", () => {
    expect(formatCreated('2025-09-14T12:00:00Z', 'en-GB')).toMatch(/^14 Sept? 2025$/);
    expect(formatLastLogin('2025-09-14T12:00:00Z', 'en-GB')).toMatch(/^14 Sept? 2025/);
    expect(formatCreated('2025-09-14T12:00:00Z', 'en-US')).toBe('Sep 14, 2025');
    expect(formatCreated(null)).toBe('-');
  });
});
