import { type PublicUser, publicUser } from '@shared/auth';

/** What the social sign-in callback (`/?auth=success&token=...&user=<JSON>`) carried. */
export type AuthCallback =
  | { kind: 'none' }
  | { kind: 'success'; token: string; user: PublicUser }
  | { kind: 'invalid' };

/** Reads the login callback out of a query string; pure, so it is unit-tested without a browser. */
export function parseAuthCallback(search: string): AuthCallback {
  const params = new URLSearchParams(search);
  if (params.get('auth') !== 'success') return { kind: 'none' };
  const token = params.get('token');
  const rawUser = params.get('user');
  if (!token || !rawUser) return { kind: 'invalid' };
  try {
    const parsed = publicUser.safeParse(JSON.parse(rawUser));
    return parsed.success ? { kind: 'success', token, user: parsed.data } : { kind: 'invalid' };
  } catch {
    return { kind: 'invalid' };
  }
}

/** The query string without the callback's parameters, keeping anything else that was there. */
export function stripAuthCallback(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ['auth', 'token', 'user']) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** What came of checking a social sign-in callback. */
export type CallbackVerdict = { kind: 'accepted'; token: string; user: PublicUser } | { kind: 'ignored' };

/** Who the server says a request belongs to: `bearer` null asks with the session cookie alone. */
export type WhoIs = (bearer: string | null) => Promise<PublicUser | null>;

/**
 * A callback is accepted only when this tab started the social sign-in (`startedHere`) and the server
 * names the callback's user both for the session cookie its redirect set and for the callback's token.
 * Anything else (a link crafted elsewhere, another user's token, no answer) is ignored.
 */
export async function verifyAuthCallback(
  callback: { token: string; user: PublicUser },
  startedHere: boolean,
  whoIs: WhoIs,
): Promise<CallbackVerdict> {
  if (!startedHere) return { kind: 'ignored' };
  const [byCookie, byToken] = await Promise.all([
    whoIs(null).catch(() => null),
    whoIs(callback.token).catch(() => null),
  ]);
  const id = callback.user.id;
  if (byCookie?.id !== id || byToken?.id !== id) return { kind: 'ignored' };
  // The server's copy of the user, never the one written in the address.
  return { kind: 'accepted', token: callback.token, user: byToken };
}
