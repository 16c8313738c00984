import { type ToastInput, toast } from '@client/components/ui/use-toast';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { queryKeys } from '../query-keys';
import { browserStorage, readAuthToken } from '../storage';
import { liveToastsAllowed } from './admin-notifications';
import { LiveConnection, type LiveStatus } from './live-connection';
import { LiveStatusContext } from './live-context';
import { handleLiveMessage, type LiveHandlers, SeqMemory } from './live-messages';
import { liveAddress } from './live-url';

function notify(input: ToastInput): void {
  if (liveToastsAllowed(window.location.pathname, browserStorage())) toast(input);
}

/**
 * The live connection for signed-in and signed-out visitors. The server fixes a
 * socket's identity when it opens, so a new socket opens whenever the signed-in user changes.
 */
export function LiveProvider({
  handlers,
  refreshResults,
  syncAfterGap,
  children,
}: {
  /** Each feature's handlers of the messages about its data. */
  handlers: LiveHandlers;
  /** What to fetch while the socket is down, and after a gap. */
  refreshResults: (queryClient: QueryClient) => void;
  /** After a gap, for a signed-in fan who gave consent: send what was rated meanwhile. */
  syncAfterGap: (queryClient: QueryClient, userId: string) => void;
  children: ReactNode;
}) {
  const { status: authStatus, user } = useAuth();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // Wait for the auth check's first answer: a socket opened before it would be reopened at once.
  const identity = authStatus === 'pending' ? null : (user?.id ?? '');
  // Ratings need consent; without it a sync would only be refused.
  const canSync = useRef(false);
  const consentGiven = Boolean(user?.consentGiven);
  useEffect(() => {
    canSync.current = consentGiven;
  }, [consentGiven]);

  useEffect(() => {
    if (identity === null) return;
    const seqs = new SeqMemory();
    const connection = new LiveConnection({
      address: () => liveAddress(window.location, readAuthToken()),
      onMessage: (message) => handleLiveMessage(message, handlers, { queryClient, seqs, notify }),
      onPoll: () => refreshResults(queryClient),
      onConnected: ({ recovered }) => {
        seqs.reset();
        if (!recovered) return;
        // Back after a gap: fetch what the socket missed, and send what was rated meanwhile.
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentMatch });
        refreshResults(queryClient);
        if (identity && canSync.current) syncAfterGap(queryClient, identity);
      },
    });
    setStatus(connection.status);
    const unsubscribe = connection.subscribe(setStatus);
    connection.start();
    return () => {
      unsubscribe();
      connection.dispose();
    };
  }, [identity, queryClient, handlers, refreshResults, syncAfterGap]);

  return <LiveStatusContext.Provider value={status}>{children}</LiveStatusContext.Provider>;
}
