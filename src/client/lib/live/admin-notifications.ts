import { browserStorage } from '../storage';

/**
 * The admin notifications preference, a JSON boolean in browser storage.
 * The admin feature's switch writes it; the live toasts read it here.
 */
export const ADMIN_NOTIFICATIONS_KEY = 'admin_notifications_enabled';

/** On when nothing is stored or the stored value is not a JSON boolean. */
export function parseNotificationsPreference(raw: string | null): boolean {
  if (raw === null) return true;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'boolean' ? value : true;
  } catch {
    return true;
  }
}

/** The stored preference; on when it is missing, unreadable or storage throws. */
export function readNotificationsPreference(
  storage: Pick<Storage, 'getItem'> | null = browserStorage(),
): boolean {
  try {
    return parseNotificationsPreference(storage?.getItem(ADMIN_NOTIFICATIONS_KEY) ?? null);
  } catch {
    return true;
  }
}

/** Saved at once; a storage that refuses (private mode, quota) only loses the preference. */
export function writeNotificationsPreference(
  enabled: boolean,
  storage: Pick<Storage, 'setItem'> | null = browserStorage(),
): void {
  try {
    storage?.setItem(ADMIN_NOTIFICATIONS_KEY, JSON.stringify(enabled));
  } catch (error) {
    console.warn('Could not save the admin notifications preference', error);
  }
}

/** Live toasts show everywhere, except on /admin when the admin turned notifications off there. */
export function liveToastsAllowed(pathname: string, storage: Pick<Storage, 'getItem'> | null): boolean {
  const onAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  return !onAdmin || readNotificationsPreference(storage);
}
