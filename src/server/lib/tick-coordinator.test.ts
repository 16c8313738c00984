import { describe, expect, it } from 'vitest';
import { LocalCoordinator, nextSeq } from './tick-coordinator';

describe('the tick coordinator of one process', () => {
  it('claims a match only when it is dirty, once, and again after the interval', async () => {
    const coordinator = new LocalCoordinator(50);
    expect(await coordinator.claim('1')).toBeNull();
    await coordinator.mark('1', ['rating']);
    await coordinator.mark('1', ['vote', 'rating']);
    const first = await coordinator.claim('1');
    expect(first?.kinds.sort()).toEqual(['rating', 'vote']);
    // Clean now: nothing to claim, and a write during the computation waits for the release.
    expect(await coordinator.claim('1')).toBeNull();
    await coordinator.mark('1', ['rating']);
    expect(await coordinator.claim('1')).toBeNull();
    if (!first) throw new Error('no claim');
    await coordinator.release('1', first);
    expect(await coordinator.claim('1')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const second = await coordinator.claim('1');
    expect(second?.kinds).toEqual(['rating']);
    expect(second?.seq).toBeGreaterThan(first.seq);
    // Matches are independent.
    await coordinator.mark('2', ['rating']);
    expect(await coordinator.claim('2')).not.toBeNull();
  });

  it('numbers claims by the clock, never going back or repeating', () => {
    expect(nextSeq(1000, 0)).toBe(1000);
    expect(nextSeq(1000, 1000)).toBe(1001);
    expect(nextSeq(900, 1001)).toBe(1002);
  });
});
