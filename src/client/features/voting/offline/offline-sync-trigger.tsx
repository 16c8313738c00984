import { useAuth } from '@client/lib/auth/auth-context';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { offlineQueue } from './offline-queue';

/**
 * The signed-in fan's stored ratings are sent when the page
 * starts online with the local database ready, and whenever the browser comes back online. (The live
 * provider also syncs when the socket returns.) Ratings need consent, so without it nothing is sent.
 */
export function OfflineSyncTrigger() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const signedIn = Boolean(user);
  const userId = user?.consentGiven ? user.id : null;

  // The offline store's code follows the first render, fetched for any signed-in fan, so it is there
  // before the first rating (offline included) even when consent is given only now.
  useEffect(() => {
    if (signedIn) offlineQueue.load().catch(() => undefined);
  }, [signedIn]);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    const run = () => {
      if (active && navigator.onLine) void offlineQueue.sync(queryClient, userId);
    };
    offlineQueue
      .load()
      .then(({ offlineRatings }) => offlineRatings.store.ready())
      .then(
        (ready) => {
          if (ready) run();
        },
        (error: unknown) => console.warn('The offline store could not be loaded', error),
      );
    window.addEventListener('online', run);
    return () => {
      active = false;
      window.removeEventListener('online', run);
    };
  }, [userId, queryClient]);

  return null;
}
