import { useEffect } from 'react';
import type { UseFormWatch } from 'react-hook-form';

export interface Credentials {
  email: string;
  password: string;
}

export const EMPTY_CREDENTIALS: Credentials = { email: '', password: '' };

/** Reports the e-mail and password as they are typed, so a parent can hand them to the other form. */
export function useCredentialsSync<T extends Credentials>(
  watch: UseFormWatch<T>,
  onChange: ((credentials: Credentials) => void) | undefined,
) {
  useEffect(() => {
    if (!onChange) return;
    const subscription = watch((values) => {
      onChange({ email: String(values.email ?? ''), password: String(values.password ?? '') });
    });
    return () => subscription.unsubscribe();
  }, [watch, onChange]);
}
