import { describe, expect, it } from 'vitest';
import { paginate } from './pagination';

const list = Array.from({ length: 23 }, (_, i) => i + 1);

describe('paginate', () => {
  it('cuts pages of 10', () => {
    const first = paginate(list, 1, 10);
    expect(first.items).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first).toMatchObject({
      page: 1,
      pageCount: 3,
      hasPrevious: false,
      hasNext: true,
      from: 1,
      to: 10,
    });
    const last = paginate(list, 3, 10);
    expect(last.items).toEqual([21, 22, 23]);
    expect(last).toMatchObject({ hasPrevious: true, hasNext: false, from: 21, to: 23, total: 23 });
  });

  it('clamps pages that do not exist', () => {
    expect(paginate(list, 9, 10).page).toBe(3);
    expect(paginate(list, 0, 10).page).toBe(1);
    expect(paginate(list, Number.NaN, 10).page).toBe(1);
  });

  it('has one empty page for an empty list', () => {
    expect(paginate([], 1, 10)).toEqual({
      items: [],
      page: 1,
      pageCount: 1,
      hasPrevious: false,
      hasNext: false,
      from: 0,
      to: 0,
      total: 0,
    });
  });

  it('treats exactly one full page as one page', () => {
    expect(paginate(list.slice(0, 10), 1, 10)).toMatchObject({ pageCount: 1, hasNext: false });
  });
});
