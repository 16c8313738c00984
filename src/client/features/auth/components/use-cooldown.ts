import { useCallback, useEffect, useState } from 'react';

/** A wait before an action may be repeated: the whole seconds left (0 when ready), and a way to restart it. */
export function useCooldown(seconds: number, { startNow = false } = {}) {
  const [endsAt, setEndsAt] = useState<number | null>(() => (startNow ? Date.now() + seconds * 1000 : null));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    // Counted from the end time, so a throttled background tab still ends it on time.
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) setEndsAt(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    const time = Date.now();
    setNow(time);
    setEndsAt(time + seconds * 1000);
  }, [seconds]);

  const left = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { left, start };
}
