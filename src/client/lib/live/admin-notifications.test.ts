import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_NOTIFICATIONS_KEY,
  parseNotificationsPreference,
  readNotificationsPreference,
  writeNotificationsPreference,
} from './admin-notifications';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('admin notifications preference', () => {
  it('defaults to on when missing or unreadable', () => {
    expect(parseNotificationsPreference(null)).toBe(true);
    expect(parseNotificationsPreference('not json')).toBe(true);
    expect(parseNotificationsPreference('"false"')).toBe(true);
    expect(parseNotificationsPreference('0')).toBe(true);
  });

  it('reads a stored JSON boolean', () => {
    expect(parseNotificationsPreference('false')).toBe(false);
    expect(parseNotificationsPreference('true')).toBe(true);
    expect(readNotificationsPreference(memoryStorage({ [ADMIN_NOTIFICATIONS_KEY]: 'false' }))).toBe(false);
  });

  it('saves as a JSON boolean under its key', () => {
    const storage = memoryStorage();
    writeNotificationsPreference(false, storage);
    expect(storage.data.get(ADMIN_NOTIFICATIONS_KEY)).toBe('false');
    expect(readNotificationsPreference(storage)).toBe(false);
  });

  it('survives a storage that throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readNotificationsPreference(broken)).toBe(true);
    expect(() => writeNotificationsPreference(true, broken)).not.toThrow();
    warn.mockRestore();
  });
});
