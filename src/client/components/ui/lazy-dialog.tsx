import { type ReactNode, type RefObject, Suspense, useRef, useState } from 'react';

/** What a lazily loaded dialog gets from the button that opens it (see LazyDialogContent). */
export interface LazyDialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button, focused again on close (it is no Radix trigger: that would load the dialog early). */
  trigger: RefObject<HTMLButtonElement | null>;
}

interface LazyDialogButtonProps {
  /**
   * Fetches the dialog's module (the one its `lazy()` component loads): called when the button is pointed
   * at or focused, so the dialog is there by the time it is opened.
   */
  preload: () => Promise<unknown>;
  /** The lazy dialog, rendered from the first opening on (so closing still animates). */
  dialog: (state: LazyDialogState) => ReactNode;
  className: string;
  children: ReactNode;
}

/**
 * A plain button that opens a dialog kept out of the first load (with Radix's focus trap and scroll lock
 * under it).
 */
export function LazyDialogButton({ preload, dialog, className, children }: LazyDialogButtonProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // A warm-up: offline it fails quietly.
  const load = () => void preload().catch(() => undefined);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        className={className}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {children}
      </button>
      {opened ? (
        <Suspense fallback={null}>{dialog({ open, onOpenChange: setOpen, trigger })}</Suspense>
      ) : null}
    </>
  );
}
