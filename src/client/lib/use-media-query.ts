import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/** On the server, which media queries to take as matching (the screen is guessed from the request). */
export const ServerMediaContext = createContext<(query: string) => boolean | undefined>(() => undefined);

/** Whether a CSS media query matches, following changes live (a rotated phone, a system setting). */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const serverGuess = useContext(ServerMediaContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverGuess(query) ?? serverValue,
  );
}

/** The two-column layout's breakpoint (Tailwind's lg). */
export const WIDE_QUERY = '(min-width: 64rem)';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
