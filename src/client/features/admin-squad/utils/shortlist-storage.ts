import { browserStorage } from '@client/lib/storage';

/** The shortlists kept in browser storage, lists of player ids. */
export const SQUAD_SHORTLIST_KEY = 'admin_squad_shortlist';
export const SUBS_SHORTLIST_KEY = 'admin_subs_shortlist';

type ListStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored ids, or null when nothing (valid) is stored. */
export function parseIdList(raw: string | null): number[] | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return null;
    return [...new Set(value.filter((v): v is number => Number.isInteger(v) && v > 0))];
  } catch {
    return null;
  }
}

export function readIdList(key: string, storage: ListStorage | null = browserStorage()): number[] | null {
  try {
    return parseIdList(storage?.getItem(key) ?? null);
  } catch {
    return null;
  }
}

export function writeIdList(
  key: string,
  ids: number[],
  storage: ListStorage | null = browserStorage(),
): void {
  try {
    storage?.setItem(key, JSON.stringify(ids));
  } catch (error) {
    console.warn(`Could not save ${key}`, error);
  }
}
