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
