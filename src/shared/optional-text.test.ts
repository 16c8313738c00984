import { describe, expect, it } from 'vitest';
import { optionalText } from './optional-text';

describe('optionalText', () => {
  const field = optionalText(8);

  it('keeps text trimmed, and stores blank or missing text as null', () => {
    expect(field.parse('  Club ')).toBe('Club');
    expect(field.parse('   ')).toBeNull();
    expect(field.parse('')).toBeNull();
    expect(field.parse(null)).toBeNull();
    expect(field.parse(undefined)).toBeNull();
  });

  it('refuses text over its limit with the limit in words', () => {
    const result = field.safeParse('Manchester');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Must be at most 8 characters');
  });
});
