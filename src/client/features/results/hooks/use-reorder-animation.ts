import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * Rows that change place glide to their new position instead of jumping (a FLIP animation on the
 * children carrying data-reorder-key). The list keeps stable keys, so nothing remounts; nothing moves
 * under reduced motion.
 */
export function useReorderAnimation(
  listRef: RefObject<HTMLElement | null>,
  order: string,
  disabled: boolean,
) {
  const positions = useRef(new Map<string, number>());

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of order, measuring the DOM.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const rows = Array.from(list.querySelectorAll<HTMLElement>('[data-reorder-key]'));
    const origin = list.getBoundingClientRect().top;
    const next = new Map<string, number>();
    for (const row of rows) {
      const key = row.dataset.reorderKey;
      if (!key) continue;
      // Measured from the list's top, so scrolling the page between updates moves nothing.
      const top = row.getBoundingClientRect().top - origin;
      next.set(key, top);
      const before = positions.current.get(key);
      if (disabled || before === undefined || typeof row.animate !== 'function') continue;
      const delta = before - top;
      if (Math.abs(delta) < 1) continue;
      row.animate([{ transform: `translateY(${delta}px)` }, { transform: 'translateY(0)' }], {
        duration: 450,
        easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)',
      });
    }
    positions.current = next;
  }, [order, disabled]);
}
