import { expect, type Locator, type Page } from '@playwright/test';

/** True when one of the elements `target` matches has the focus (no waiting: it may match nothing yet). */
export async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would, and returns how
 * many presses it took. Fails if it is not reached in `max` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 300 }: { backwards?: boolean; max?: number } = {},
): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    if (await hasFocus(target)) return presses;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} not reached with ${backwards ? 'Shift+Tab' : 'Tab'} in ${max} presses`);
}

export interface FocusIndicator {
  tag: string;
  name: string;
  focusVisible: boolean;
  outline: string;
  boxShadow: string;
}

/** The focused element and how its focus is drawn. */
export async function focusIndicator(page: Page): Promise<FocusIndicator | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '',
      focusVisible: element.matches(':focus-visible'),
      outline:
        style.outlineStyle === 'none' || Number.parseFloat(style.outlineWidth) < 2
          ? 'none'
          : `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
    };
  });
}

/** The focused control shows a focus indicator: an outline of 2 px or more, or a ring (box-shadow). */
export async function expectFocusVisible(page: Page, context: string): Promise<void> {
  const focus = await focusIndicator(page);
  expect(focus, `something has the focus: ${context}`).not.toBeNull();
  expect(focus?.focusVisible, `:focus-visible on ${focus?.tag} "${focus?.name}" (${context})`).toBe(true);
  expect(
    focus?.outline !== 'none' || (focus?.boxShadow ?? 'none') !== 'none',
    `a visible focus indicator on ${focus?.tag} "${focus?.name}" (${context})`,
  ).toBe(true);
}

export interface SmallTarget {
  name: string;
  width: number;
  height: number;
  /** Why it still passes WCAG 2.5.8, if it does (spacing or inline exception). */
  exception?: string;
}

/**
 * Every visible, enabled interactive element whose target (with its <label>s) is under 44x44 CSS px.
 * Inline links inside running text, targets with a 24 px circle of free space around their centre
 * (WCAG 2.2's spacing exception) and the keys of a one-line rating scale (at least 30x44) are reported
 * with the exception they meet.
 */
export async function smallTouchTargets(page: Page): Promise<{ checked: number; small: SmallTarget[] }> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="checkbox"], [role="radio"], [role="tab"], [role="switch"], [role="combobox"], [role="link"], [role="option"], [tabindex]:not([tabindex="-1"])';
    const elements = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((element) => {
      if (element.closest('[aria-hidden="true"], [inert]')) return false;
      if ((element as HTMLButtonElement).disabled) return false;
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none';
    });
    const targetRect = (element: HTMLElement) => {
      let { left, top, right, bottom } = element.getBoundingClientRect();
      const labels = (element as HTMLInputElement).labels ?? [];
      for (const label of Array.from(labels)) {
        const r = label.getBoundingClientRect();
        if (r.width === 0) continue;
        left = Math.min(left, r.left);
        top = Math.min(top, r.top);
        right = Math.max(right, r.right);
        bottom = Math.max(bottom, r.bottom);
      }
      return { left, top, right, bottom, width: right - left, height: bottom - top };
    };
    const rects = elements.map(targetRect);
    const small: { name: string; width: number; height: number; exception?: string }[] = [];
    elements.forEach((element, index) => {
      const rect = rects[index];
      if (!rect || (rect.width >= 43.5 && rect.height >= 43.5)) return;
      const name = (
        element.getAttribute('aria-label') ||
        element.textContent?.trim() ||
        element.getAttribute('name') ||
        element.id ||
        element.tagName
      ).slice(0, 60);
      const entry: { name: string; width: number; height: number; exception?: string } = {
        name,
        width: Math.round(rect.width),
        height: Math.round(rect.height),
      };
      // Inline: a link inside a sentence (its parent has text of its own besides the link).
      if (element.tagName === 'A') {
        const parent = element.parentElement;
        const own = Array.from(parent?.childNodes ?? []).some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim().length > 0,
        );
        if (own) entry.exception = 'inline link in a sentence';
      }
      // A key of a one-line 1-10 scale: ten 44 px keys do not fit a phone's width, so each is at least
      // 30 px wide and full height, like a phone keyboard's keys (WCAG 2.5.8 asks for 24 px).
      if (element.closest('[data-key-row]') && rect.width >= 30 && rect.height >= 43.5)
        entry.exception = 'key of a one-line rating scale: at least 30x44';
      if (!entry.exception) {
        // Spacing: a 24 px circle on its centre meets no other target's box nor its 24 px circle.
        const cx = (rect.left + rect.right) / 2;
        const cy = (rect.top + rect.bottom) / 2;
        const clear = rects.every((other, j) => {
          if (j === index || !other) return true;
          const ox = (other.left + other.right) / 2;
          const oy = (other.top + other.bottom) / 2;
          if (Math.hypot(cx - ox, cy - oy) < 24) return false;
          const nx = Math.max(other.left, Math.min(cx, other.right));
          const ny = Math.max(other.top, Math.min(cy, other.bottom));
          return Math.hypot(cx - nx, cy - ny) >= 12;
        });
        if (clear) entry.exception = 'spacing: a 24 px circle on it meets no other target';
      }
      small.push(entry);
    });
    return { checked: elements.length, small };
  });
}

/**
 * Escape until `dialog` is gone. A toast that arrived while the dialog was open (an admin notice raised
 * by another admin's change) is the newest Radix layer and takes the first Escape, as it should.
 */
export async function closeWithEscape(page: Page, dialog: Locator): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.keyboard.press('Escape');
    if (await dialog.isHidden()) return;
    await expect(dialog)
      .toBeHidden({ timeout: 1_000 })
      .catch(() => undefined);
    if (await dialog.isHidden()) return;
  }
  await expect(dialog).toBeHidden();
}
