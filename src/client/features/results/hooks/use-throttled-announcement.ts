import { useEffect, useRef, useState } from 'react';

/**
 * The text for a polite live region that speaks only when `key` changes (e.g. the order of the top
 * three), and at most once every `minIntervalMs`: live figures move on every rating, and a screen
 * reader repeating them would drown out whatever the fan is doing. The newest text is said when the
 * wait is over. The first text is shown without being a change, so nothing is said on arrival.
 */
export function useThrottledAnnouncement(key: string, text: string, minIntervalMs: number): string {
  const [announced, setAnnounced] = useState(text);
  const latest = useRef(text);
  latest.current = text;
  const lastKey = useRef(key);
  const lastSaid = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (key === lastKey.current) return;
    lastKey.current = key;
    if (timer.current !== null) return;
    const wait = Math.max(0, lastSaid.current + minIntervalMs - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      lastSaid.current = Date.now();
      setAnnounced(latest.current);
    }, wait);
  }, [key, minIntervalMs]);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return announced;
}
