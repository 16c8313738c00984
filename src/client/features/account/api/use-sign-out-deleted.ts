import { meQueryKey } from '@client/lib/auth/get-me';
import { clearApiCache } from '@client/lib/pwa/clear-api-cache';
import { clearAuthStorage } from '@client/lib/storage';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';

/**
 * After the account is deleted: forget it on this device as sign-out does (auth_token, user_data, the
 * offline copies and every cached answer), let the auth check find nobody, and land on the home screen.
 * No reload, so the notice that follows is seen.
 */
export function useSignOutDeleted() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(async () => {
    clearAuthStorage();
    await clearApiCache();
    // The server already ended the session: the check answers 401 and the page becomes signed out.
    await queryClient.resetQueries({ queryKey: meQueryKey });
    navigate('/', { replace: true });
    // Answers no screen shows any more were the deleted fan's: none may outlive the account.
    queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 });
  }, [queryClient, navigate]);
}
