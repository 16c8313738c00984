/** product.md points 3 and 4: the admin notifications preference, a JSON boolean in browser storage. */
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

type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): PreferenceStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readNotificationsPreference(storage: PreferenceStorage | null = browserStorage()): boolean {
  try {
    return parseNotificationsPreference(storage?.getItem(ADMIN_NOTIFICATIONS_KEY) ?? null);
  } catch {
    return true;
  }
}

/** Saved at once; a storage that refuses (private mode, quota) only loses the preference. */
export function writeNotificationsPreference(
  enabled: boolean,
  storage: PreferenceStorage | null = browserStorage(),
): void {
  try {
    storage?.setItem(ADMIN_NOTIFICATIONS_KEY, JSON.stringify(enabled));
  } catch (error) {
    console.warn('Could not save the admin notifications preference', error);
  }
}
