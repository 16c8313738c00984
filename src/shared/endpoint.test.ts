import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, keyOf, pathOf, prefixOf } from './endpoint';

const progress = endpoint({
  method: 'GET',
  path: '/api/user-votes/:userId/match/:matchId/progress',
  response: z.object({ completed: z.number() }),
});

describe('one contract object per endpoint', () => {
  it('fills the path from the params, encoded', () => {
    expect(pathOf(progress, { userId: 'a b', matchId: 7 })).toBe('/api/user-votes/a%20b/match/7/progress');
    expect(() => pathOf(progress, { userId: 'a' })).toThrow(':matchId');
  });

  it('keys the cache by the path in parts, so a fixed prefix invalidates everything below it', () => {
    expect(keyOf(progress, { userId: 'u', matchId: 7 })).toEqual([
      '/api/user-votes',
      'u',
      'match',
      7,
      'progress',
    ]);
    expect(keyOf({ path: '/api/matches/current' })).toEqual(['/api/matches/current']);
    expect(prefixOf(progress)).toEqual(['/api/user-votes']);
  });
});
