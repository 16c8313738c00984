import { type PublicUser, publicUser } from '@shared/auth';

/** Browser storage keys: fixed names, kept across releases. */
export const AUTH_TOKEN_KEY = 'auth_token';
export const USER_DATA_KEY = 'user_data';
/** The last voting screen's answers, drawn at once on the next visit (query-snapshot.ts). */
export const SNAPSHOT_KEY = 'matchday_screen';

/** The browser's local storage, or null where reaching it throws (disabled cookies, sandboxed frames). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// Storage can throw (private mode, quota, disabled cookies); losing the cache is never fatal.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not write ${key} to local storage`, error);
  }
}

export function readAuthToken(): string | null {
  return read(AUTH_TOKEN_KEY);
}

export function writeAuthToken(token: string): void {
  write(AUTH_TOKEN_KEY, token);
}

/** The cached user, or null when nothing valid is stored. */
export function readStoredUser(): PublicUser | null {
  const raw = read(USER_DATA_KEY);
  if (!raw) return null;
  try {
    const parsed = publicUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: PublicUser): void {
  write(USER_DATA_KEY, JSON.stringify(user));
}

/** Forgets everything that identifies the signed-in user on this device. */
export function clearAuthStorage(): void {
  write(AUTH_TOKEN_KEY, null);
  write(USER_DATA_KEY, null);
  write(SNAPSHOT_KEY, null);
}
