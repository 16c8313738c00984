import { publicUser } from '@shared/auth';
import { BOOT_ELEMENT_ID, type Boot } from '@shared/boot';
import { DEFAULT_LOCALE, isLocale } from '@shared/i18n/locales';

/**
 * The server's boot answers embedded in the page (a signed-in fan's first load of `/`), read once and
 * removed; null when the page carries none or they do not parse.
 */
export function takeBoot(): Boot | null {
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const raw = JSON.parse(element.textContent ?? '') as {
      user?: unknown;
      answers?: unknown;
      locale?: unknown;
    };
    const user = publicUser.safeParse(raw.user);
    if (!user.success || !Array.isArray(raw.answers)) return null;
    return {
      user: user.data,
      answers: raw.answers as Boot['answers'],
      locale: isLocale(raw.locale) ? raw.locale : DEFAULT_LOCALE,
    };
  } catch {
    return null;
  }
}
