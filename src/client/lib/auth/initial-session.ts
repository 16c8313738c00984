import { type PublicUser, readOAuthFailure } from '@shared/auth';
import { clearAuthStorage, readStoredUser, writeAuthToken, writeStoredUser } from '../storage';
import {
  type CallbackVerdict,
  parseAuthCallback,
  stripAuthCallback,
  verifyAuthCallback,
} from './auth-callback';
import type { AuthStatus } from './auth-context';
import { getMe } from './get-me';
import { takeSocialSignInMark } from './social-sign-in-marker';

export interface InitialSession {
  status: AuthStatus;
  user: PublicUser | null;
  /** The login callback could not be read: sign out quietly before asking the server who we are. */
  discardCallback: boolean;
  /**
   * A social sign-in callback being checked (see verifyAuthCallback): nobody is shown as signed in, and
   * the server is not asked who we are, until it settles. Null when no callback arrived.
   */
  callbackCheck: Promise<CallbackVerdict> | null;
}

/** The user the server names for the cookie (bearer null) or for one token; null when it names nobody. */
async function whoIs(bearer: string | null): Promise<PublicUser | null> {
  return (await getMe({ bearer })).user;
}

/** Checks the callback, and keeps its token and user only when it is accepted. */
async function checkCallback(callback: { token: string; user: PublicUser }, startedHere: boolean) {
  const verdict = await verifyAuthCallback(callback, startedHere, whoIs);
  if (verdict.kind === 'accepted') {
    writeAuthToken(verdict.token);
    writeStoredUser(verdict.user);
  }
  return verdict;
}

/**
 * The session to show before the server answers: a social sign-in callback in the address is checked
 * first, otherwise the cached user shows. It consumes the callback (rewrites the address) and the mark
 * of a started social sign-in, so call it once, before rendering.
 */
export function readInitialSession(
  bootUser: PublicUser | null = null,
  { drawnSignedOut = false }: { drawnSignedOut?: boolean } = {},
): InitialSession {
  const { pathname, search, hash } = window.location;
  const callback = parseAuthCallback(search);
  if (callback.kind !== 'none') {
    // Keep the token and user out of the address bar, the history and any shared screenshot.
    window.history.replaceState(window.history.state, '', `${pathname}${stripAuthCallback(search)}${hash}`);
  }
  // Any return from the provider, good or bad, ends the sign-in this tab started.
  const startedHere = callback.kind !== 'none' || readOAuthFailure(search) ? takeSocialSignInMark() : false;
  if (callback.kind === 'success') {
    return {
      status: 'pending',
      user: null,
      discardCallback: false,
      callbackCheck: checkCallback(callback, startedHere),
    };
  }
  if (callback.kind === 'invalid') {
    clearAuthStorage();
    return { status: 'pending', user: null, discardCallback: true, callbackCheck: null };
  }
  // The server drew the page for its session's user: shown at once, like a user kept from last time.
  let cached = readStoredUser();
  if (!cached && bootUser) {
    writeStoredUser(bootUser);
    cached = bootUser;
  }
  // The server drew the page for nobody (no session cookie): with no user kept here either, the visitor
  // is signed out; the check below still asks, and a session it finds takes over.
  return {
    status: cached ? 'authenticated' : drawnSignedOut ? 'anonymous' : 'pending',
    user: cached,
    discardCallback: false,
    callbackCheck: null,
  };
}
