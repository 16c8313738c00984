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

/** What the keyboard can reach, in document order. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A control the visitor changed in the drawing: what it holds now, or null when it is as drawn. */
function changed(control: Control): string | boolean | null {
  if (control instanceof HTMLSelectElement) {
    const drawn = [...control.options].find((option) => option.defaultSelected) ?? control.options[0];
    return control.value !== (drawn?.value ?? '') ? control.value : null;
  }
  if (control.type === 'checkbox' || control.type === 'radio') {
    const input = control as HTMLInputElement;
    return input.checked !== input.defaultChecked ? input.checked : null;
  }
  return control.type !== 'hidden' && control.value !== control.defaultValue ? control.value : null;
}

/** Makes the page's control hold `value` as the visitor's own input would, so its form (through React) takes it. */
function enter(control: Control, value: string | boolean): void {
  if (typeof value === 'boolean') {
    if (control instanceof HTMLInputElement && control.checked !== value) control.click();
    return;
  }
  const prototype = Object.getPrototypeOf(control) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
  control.dispatchEvent(
    new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

/**
 * What the visitor did to the server's drawing of a screen before the page took it over (fields typed
 * in, a language picked, the focus moved), by each control's place among the drawing's controls: the
 * page draws the same screen, so `restore` replays it on the page's own controls once they are drawn.
 */
export function takeTyped(root: HTMLElement): { restore(): void } {
  const controls = (): Element[] => [...root.querySelectorAll(FOCUSABLE)];
  const edits: Array<[number, string | boolean]> = [];
  controls().forEach((control, index) => {
    if (
      control instanceof HTMLInputElement ||
      control instanceof HTMLTextAreaElement ||
      control instanceof HTMLSelectElement
    ) {
      const value = changed(control);
      if (value !== null) edits.push([index, value]);
    }
  });
  const active = document.activeElement;
  const focusedAt = active ? controls().indexOf(active) : -1;
  const selection =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
      ? { start: active.selectionStart, end: active.selectionEnd }
      : null;
  return {
    restore() {
      const now = controls();
      for (const [index, value] of edits) {
        const control = now[index];
        if (
          control instanceof HTMLInputElement ||
          control instanceof HTMLTextAreaElement ||
          control instanceof HTMLSelectElement
        )
          enter(control, value);
      }
      const focused = focusedAt >= 0 ? controls()[focusedAt] : null;
      if (!(focused instanceof HTMLElement)) return;
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
