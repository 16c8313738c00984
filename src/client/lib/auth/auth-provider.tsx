import { toast } from '@client/components/ui/use-toast';
import type { PublicUser } from '@shared/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { i18n } from '../i18n/i18n';
import { clearAuthStorage, readStoredUser, writeStoredUser } from '../storage';
import { AuthContext, type AuthContextValue, type AuthStatus, type SignOutOptions } from './auth-context';
import { meQueryKey, meQueryOptions } from './get-me';
import type { InitialSession } from './initial-session';
import { logout } from './logout';

interface Session {
  status: AuthStatus;
  user: PublicUser | null;
}

const sameUser = (a: PublicUser | null, b: PublicUser) => JSON.stringify(a) === JSON.stringify(b);

async function endServerSession(): Promise<void> {
  try {
    await logout();
  } catch (error) {
    // The local sign-out still happens; the server session simply expires.
    console.warn('Logout request failed', error);
  }
}

interface AuthProviderProps {
  /** Read once before the first render (see readInitialSession), never inside one. */
  initialSession: InitialSession;
  children: ReactNode;
}

export function AuthProvider({ initialSession, children }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const { discardCallback, callbackCheck } = initialSession;
  const [session, setSession] = useState<Session>({
    status: initialSession.status,
    user: initialSession.user,
  });
  // After an unreadable callback the server session is ended first, so the check cannot revive it; a
  // social sign-in callback is checked first, so the check runs with whatever it leaves stored.
  const [verifyEnabled, setVerifyEnabled] = useState(!discardCallback && !callbackCheck);
  const me = useQuery({ ...meQueryOptions(), enabled: verifyEnabled });

  useEffect(() => {
    if (discardCallback) void endServerSession().finally(() => setVerifyEnabled(true));
  }, [discardCallback]);

  useEffect(() => {
    if (!callbackCheck) return;
    let current = true;
    void callbackCheck.then((verdict) => {
      if (!current) return;
      if (verdict.kind === 'accepted') {
        setSession({ status: 'authenticated', user: verdict.user });
      } else {
        // Nothing of the callback is kept: whoever this browser was signed in as before stays.
        const cached = readStoredUser();
        setSession(cached ? { status: 'authenticated', user: cached } : { status: 'pending', user: null });
        toast({
          title: i18n._('common.auth.linkIgnoredTitle'),
          description: i18n._('common.auth.linkIgnoredDescription'),
        });
      }
      setVerifyEnabled(true);
    });
    return () => {
      current = false;
    };
  }, [callbackCheck]);

  // The server's copy replaces the shown user when it differs; a failed check signs out locally.
  useEffect(() => {
    if (me.status === 'success') {
      const serverUser = me.data.user;
      setSession((current) =>
        current.status === 'authenticated' && sameUser(current.user, serverUser)
          ? current
          : { status: 'authenticated', user: serverUser },
      );
    } else if (me.status === 'error') {
      clearAuthStorage();
      setSession({ status: 'anonymous', user: null });
    }
  }, [me.status, me.data]);

  // One place keeps the cached copy (user_data) in step with the user on screen.
  useEffect(() => {
    if (session.user) writeStoredUser(session.user);
  }, [session.user]);

  const signIn = useCallback(
    (user: PublicUser) => {
      // The server just set a session cookie: a bearer token left by an earlier social sign-in would
      // outrank it on every request. The effect above stores the new user again.
      clearAuthStorage();
      setSession({ status: 'authenticated', user });
      // Re-run the check so an earlier 401 cannot overwrite the fresh sign-in.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    [queryClient],
  );

  const updateUser = useCallback((changes: Partial<PublicUser>) => {
    setSession((current) => (current.user ? { ...current, user: { ...current.user, ...changes } } : current));
  }, []);

  const signOut = useCallback(async ({ redirectTo }: SignOutOptions = {}) => {
    await endServerSession();
    clearAuthStorage();
    if (redirectTo) window.location.assign(redirectTo);
    else window.location.reload();
  }, []);

  const startOver = useCallback(async () => {
    clearAuthStorage();
    await endServerSession();
    window.location.assign('/');
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: session.status,
      user: session.user,
      needsConsent: session.user !== null && !session.user.consentGiven,
      signIn,
      updateUser,
      signOut,
      startOver,
    }),
    [session, signIn, updateUser, signOut, startOver],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
