import { createContext, useContext, useSyncExternalStore } from 'react';
import type { LiveStatus } from './live-connection';

export const LiveStatusContext = createContext<LiveStatus>('connecting');

/** The live connection's state (see LiveConnection). */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveStatusContext);
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's own online state. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The live connection is down: the socket failed and is being retried or replaced by polling, or the
 * browser is offline. The very first connect does not count.
 */
export function useConnectionDown(): boolean {
  const status = useLiveStatus();
  const online = useBrowserOnline();
  return !online || status === 'reconnecting' || status === 'polling';
}
