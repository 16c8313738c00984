import {
  readNotificationsPreference,
  writeNotificationsPreference,
} from '@client/lib/live/admin-notifications';
import { useCallback, useState } from 'react';

/** The admin notifications switch: read once, saved on every change. */
export function useNotificationsPreference(): [boolean, (enabled: boolean) => void] {
  const [enabled, setEnabled] = useState(readNotificationsPreference);
  const change = useCallback((next: boolean) => {
    setEnabled(next);
    writeNotificationsPreference(next);
  }, []);
  return [enabled, change];
}
