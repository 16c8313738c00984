export interface Page<T> {
  items: T[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** 1-based positions of the first and last item shown (0 and 0 when there are none). */
  from: number;
  to: number;
  total: number;
}

/** One page of a list; an out-of-range page shows the nearest page that exists. */
export function paginate<T>(list: readonly T[], page: number, pageSize: number): Page<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const total = list.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  const items = list.slice(start, start + size);
  return {
    items,
    page: current,
    pageCount,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
    from: items.length ? start + 1 : 0,
    to: start + items.length,
    total,
  };
}
