import type { PublicUser } from '@shared/auth';
import { clearAuthStorage, readStoredUser, writeAuthToken, writeStoredUser } from '../storage';
import { parseAuthCallback, stripAuthCallback } from './auth-callback';
import type { AuthStatus } from './auth-context';

export interface InitialSession {
  status: AuthStatus;
  user: PublicUser | null;
  /** The login callback could not be read: sign out quietly before asking the server who we are. */
  discardCallback: boolean;
}

/**
 * The session to show before the server answers: the login callback in the address wins, then the
 * cached user. It consumes the callback (rewrites the address), so call it once, before rendering.
 */
export function readInitialSession(): InitialSession {
  const { pathname, search, hash } = window.location;
  const callback = parseAuthCallback(search);
  if (callback.kind !== 'none') {
    // Keep the token and user out of the address bar, the history and any shared screenshot.
    window.history.replaceState(window.history.state, '', `${pathname}${stripAuthCallback(search)}${hash}`);
  }
  if (callback.kind === 'success') {
    writeAuthToken(callback.token);
    writeStoredUser(callback.user);
    return { status: 'authenticated', user: callback.user, discardCallback: false };
  }
  if (callback.kind === 'invalid') {
    clearAuthStorage();
    return { status: 'pending', user: null, discardCallback: true };
  }
  const cached = readStoredUser();
  return { status: cached ? 'authenticated' : 'pending', user: cached, discardCallback: false };
}
