import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../auth/auth-context';
import { offlineRatings, syncOfflineRatings } from './offline-ratings';

/**
 * product.md point 4 'Online/offline': the signed-in fan's stored ratings are sent when the page
 * starts online with the local database ready, and whenever the browser comes back online. (The live
 * provider also syncs when the socket returns.) Ratings need consent, so without it nothing is sent.
 */
export function OfflineSyncTrigger() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.consentGiven ? user.id : null;

  useEffect(() => {
    if (!userId) return;
    let active = true;
    const run = () => {
      if (active && navigator.onLine) void syncOfflineRatings(queryClient, userId);
    };
    void offlineRatings.store.ready().then((ready) => {
      if (ready) run();
    });
    window.addEventListener('online', run);
    return () => {
      active = false;
      window.removeEventListener('online', run);
    };
  }, [userId, queryClient]);

  return null;
}
