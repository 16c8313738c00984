import { useRef } from 'react';

/**
 * Focus handlers for a Radix dialog opened from state rather than from its own Trigger (most of ours):
 * Radix then has no trigger to give the focus back to and leaves it on <body>. These remember what had
 * the focus when the dialog opened and return to it on close, if it is still on the page. A dialog's
 * own handler runs first and may take over by calling preventDefault (LazyDialogContent does).
 */
export function useReturnFocus(
  onOpenAutoFocus: ((event: Event) => void) | undefined,
  onCloseAutoFocus: ((event: Event) => void) | undefined,
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const element = opener.current;
      opener.current = null;
      if (!element?.isConnected || element === document.body) return;
      // Another dialog opened as this one closed (a confirm step leading to a result) keeps the focus.
      const current = document.activeElement;
      if (current && current !== document.body && current.isConnected) return;
      event.preventDefault();
      element.focus({ preventScroll: true });
    },
  };
}
