import { publicUser } from '@shared/auth';
import { BOOT_ELEMENT_ID, type Boot } from '@shared/boot';
import { DEFAULT_LOCALE, isLocale } from '@shared/i18n/locales';

/**
 * The server's boot answers embedded in the page (a signed-in fan's first load of `/`, or a screen drawn
 * for a signed-out visitor, whose user is null), read once and removed; null when the page carries none
 * or they do not parse.
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
    const user = publicUser.nullable().safeParse(raw.user);
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

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Sets a field's value as typing does, so the page's form (listening through React) takes it. */
function typeInto(field: Field, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * What was typed into the server's drawing of a screen before the page took it over, by field id, and
 * where the cursor was: `restore` puts both into the page's own fields once they are drawn.
 */
export function takeTyped(root: HTMLElement): { restore(): void } {
  const typed = new Map<string, string>();
  for (const field of root.querySelectorAll<Field>('input[id], textarea[id]')) {
    const checkable =
      field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
    if (checkable || field.type === 'hidden' || field.value === field.defaultValue) continue;
    typed.set(field.id, field.value);
  }
  const active = document.activeElement;
  const focusedId = active instanceof HTMLElement && root.contains(active) ? active.id : '';
  const selection =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
      ? { start: active.selectionStart, end: active.selectionEnd }
      : null;
  return {
    restore() {
      for (const [id, value] of typed) {
        const field = document.getElementById(id);
        if (
          (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
          field.value !== value
        )
          typeInto(field, value);
      }
      const focused = focusedId ? document.getElementById(focusedId) : null;
      if (!focused) return;
      focused.focus({ preventScroll: true });
      if (selection && (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)) {
        try {
          focused.setSelectionRange(selection.start, selection.end);
        } catch {
          // Fields such as email do not take a selection.
        }
      }
    },
  };
}
