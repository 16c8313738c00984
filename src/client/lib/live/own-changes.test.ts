import { describe, expect, it } from 'vitest';
import { OwnChanges } from './own-changes';

describe('OwnChanges', () => {
  it('recognises one echo per change made here, of that type only', () => {
    const own = new OwnChanges(10_000);
    own.expect('match_update', 0);
    own.expect('match_update', 10);
    expect(own.takeEcho('availableForRatingUpdate', 20)).toBe(false);
    expect(own.takeEcho('match_update', 20)).toBe(true);
    expect(own.takeEcho('match_update', 30)).toBe(true);
    // A third update is someone else's: it toasts.
    expect(own.takeEcho('match_update', 40)).toBe(false);
  });

  it('forgets a refused change and one whose echo never came', () => {
    const own = new OwnChanges(10_000);
    own.expect('match_update', 0);
    own.cancel('match_update', 5);
    expect(own.takeEcho('match_update', 10)).toBe(false);
    own.expect('match_update', 100);
    expect(own.takeEcho('match_update', 10_101)).toBe(false);
  });

  it('tracks a request: expected while it runs, taken back when it fails', async () => {
    const own = new OwnChanges();
    await own.track('match_update', async () => 'ok');
    expect(own.takeEcho('match_update')).toBe(true);
    await expect(
      own.track('match_update', async () => {
        throw new Error('409');
      }),
    ).rejects.toThrow('409');
    expect(own.takeEcho('match_update')).toBe(false);
  });
});
