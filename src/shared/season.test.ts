import { describe, expect, it } from 'vitest';
import { seasonOf } from './domain';

describe('seasonOf', () => {
  it('runs a season from August to July by default, named by both years', () => {
    expect(seasonOf(new Date('2026-11-25T12:00:00Z'))).toEqual({
      label: '2026/27',
      slug: '2026-27',
      start: '2026-08-01',
      end: '2027-08-01',
    });
    expect(seasonOf(new Date('2027-05-30T12:00:00Z')).label).toBe('2026/27');
    expect(seasonOf(new Date('2026-07-31T23:00:00Z')).label).toBe('2025/26');
    expect(seasonOf(new Date('2026-08-01T00:00:00Z')).label).toBe('2026/27');
  });

  it('follows a club whose season starts in another month', () => {
    expect(seasonOf(new Date('2026-02-10T12:00:00Z'), 2)).toMatchObject({
      label: '2026/27',
      start: '2026-02-01',
    });
    expect(seasonOf(new Date('2026-01-31T12:00:00Z'), 2).label).toBe('2025/26');
  });

  it('pads the second year across a century', () => {
    expect(seasonOf(new Date('2099-08-01T00:00:00Z')).label).toBe('2099/00');
    expect(seasonOf(new Date('2008-09-01T00:00:00Z')).slug).toBe('2008-09');
  });
});
