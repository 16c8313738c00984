import { describe, expect, it } from 'vitest';
import { DB_INT_MAX, dbId, dbIdParam } from './ids';

describe('ids of 2^31 or more are refused before they reach the database', () => {
  it('takes 1 to 2147483647, the range of an integer column', () => {
    expect(DB_INT_MAX).toBe(2 ** 31 - 1);
    expect(dbId().parse(1)).toBe(1);
    expect(dbId().parse(DB_INT_MAX)).toBe(DB_INT_MAX);
    expect(dbIdParam().parse('2147483647')).toBe(DB_INT_MAX);
  });

  it.each([0, -1, 1.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, Number.POSITIVE_INFINITY, Number.NaN])(
    'refuses %s in a body and in a path',
    (value) => {
      expect(dbId('Invalid match id').safeParse(value).error?.issues[0]?.message).toBe('Invalid match id');
      expect(dbIdParam('Invalid match id').safeParse(String(value)).error?.issues[0]?.message).toBe(
        'Invalid match id',
      );
    },
  );

  it('refuses 9007199254740993 and longer digit strings in a path', () => {
    for (const text of [
      '2147483648',
      '9007199254740992',
      '9007199254740993',
      '99999999999999999999',
      'abc',
      '',
    ])
      expect(dbIdParam().safeParse(text).success, text).toBe(false);
  });

  it('refuses text where a body wants a number', () => {
    expect(dbId().safeParse('12').success).toBe(false);
  });
});
