import { describe, expect, it } from 'vitest';
import { announcementPlace } from './announcement-place';

describe('announcementPlace', () => {
  it('heads the screen before kick-off or with no match', () => {
    expect(announcementPlace(null)).toBe('top');
    expect(announcementPlace({ isLive: false, startedAt: null })).toBe('top');
  });

  it('stays on the screen once the match is live or over, in the side column', () => {
    expect(announcementPlace({ isLive: true, startedAt: '2026-11-27T15:00:00Z' })).toBe('side');
    expect(announcementPlace({ isLive: false, startedAt: '2026-11-27T15:00:00Z' })).toBe('side');
  });
});
