/**
 * The mark a social sign-in leaves in this tab when its button is pressed. The callback that comes back
 * (`/?auth=success&token=...`) is accepted only while the mark is fresh, so a link crafted elsewhere
 * cannot sign this browser into someone else's account.
 */
export const SOCIAL_SIGN_IN_KEY = 'matchday_social_sign_in';

/** How long a started social sign-in may take to come back. */
export const SOCIAL_SIGN_IN_MAX_AGE_MS = 10 * 60 * 1000;

/** The part of Storage the mark needs (sessionStorage in the page, a stand-in in tests). */
export type MarkerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// sessionStorage belongs to one tab: a link opened in another tab or browser never carries the mark.
function tabStorage(): MarkerStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers that this tab is starting a social sign-in now. */
export function markSocialSignInStarted(storage = tabStorage(), now = Date.now()): void {
  try {
    storage?.setItem(SOCIAL_SIGN_IN_KEY, JSON.stringify({ startedAt: now }));
  } catch (error) {
    console.warn('Could not remember the social sign-in', error);
  }
}

/** True when the stored mark was set at most SOCIAL_SIGN_IN_MAX_AGE_MS ago (and not in the future). */
export function isFreshSocialSignInMark(raw: string | null, now: number): boolean {
  if (!raw) return false;
  try {
    const startedAt: unknown = (JSON.parse(raw) as { startedAt?: unknown } | null)?.startedAt;
    if (typeof startedAt !== 'number' || !Number.isFinite(startedAt)) return false;
    const age = now - startedAt;
    return age >= 0 && age <= SOCIAL_SIGN_IN_MAX_AGE_MS;
  } catch {
    return false;
  }
}

/** Reads and clears the mark: one started sign-in vouches for one callback. */
export function takeSocialSignInMark(storage = tabStorage(), now = Date.now()): boolean {
  try {
    const raw = storage?.getItem(SOCIAL_SIGN_IN_KEY) ?? null;
    storage?.removeItem(SOCIAL_SIGN_IN_KEY);
    return isFreshSocialSignInMark(raw, now);
  } catch {
    return false;
  }
}
