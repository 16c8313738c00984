import { isLocale, type Locale } from '@shared/i18n/locales';
import { useCallback, useEffect, useRef } from 'react';
import { callEndpoint } from '../api-client';
import { useAuth } from '../auth/auth-context';
import { activateLocale, currentLocale, rememberSignedOutChoice, takeSignedOutChoice } from './i18n';
import { useI18n } from './react';

/** Keeps the language on the account; the contract comes with the call (it is not first-screen code). */
async function saveLocale(locale: Locale): Promise<void> {
  try {
    const { accountApi } = await import('@shared/account');
    await callEndpoint(accountApi.locale, { body: { locale } });
  } catch {
    // Offline or refused: the device keeps the choice, and the next change tries again.
  }
}

/**
 * The language being read and the way to change it: the page switches at once (its catalogue is fetched
 * first), the device remembers it, and a signed-in fan's account keeps it for their next device and
 * their mails. Saving to the account may fail offline; the page keeps the new language regardless.
 */
export function useLocale(): { locale: Locale; changeLocale: (next: Locale) => Promise<void> } {
  const { locale: reading } = useI18n();
  const { user, updateUser } = useAuth();
  const locale = isLocale(reading) ? reading : currentLocale();
  const changeLocale = useCallback(
    async (next: Locale) => {
      await activateLocale(next, { persist: true });
      if (!user) {
        rememberSignedOutChoice(next);
        return;
      }
      updateUser({ locale: next });
      await saveLocale(next);
    },
    [user, updateUser],
  );
  return { locale, changeLocale };
}

/**
 * Follows the signed-in account's language: signing in on a new device reads in the language the fan
 * chose elsewhere. A language picked on the sign-in screens is a newer choice than the account's, so the
 * account takes it; an account that has none yet is given the one being read.
 */
export function useAccountLocale(): void {
  const { user, updateUser } = useAuth();
  const saved = useRef<string | null>(null);
  useEffect(() => {
    if (!user || saved.current === user.id) return;
    saved.current = user.id;
    const picked = takeSignedOutChoice();
    if (picked && picked === currentLocale()) {
      if (picked !== user.locale) {
        updateUser({ locale: picked });
        void saveLocale(picked);
      }
    } else if (isLocale(user.locale)) {
      if (user.locale !== currentLocale())
        activateLocale(user.locale, { persist: true }).catch(() => undefined);
    } else {
      void saveLocale(currentLocale());
    }
  }, [user, updateUser]);
}
