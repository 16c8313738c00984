import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

/** Library defaults of 5 s on screen, 50 px swipe to dismiss, F8 to focus. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection="right"
      {...props}
    />
  );
}

/**
 * Where toasts show. On the fan's pages they rise from the bottom, above the phone's voting bar, so the
 * result a vote brings into view at the top of the screen is never under one. The admin panel's tables
 * fill its main column, so there toasts sit over the side navigation on laptops (18rem: the 16rem nav and
 * the main column's 2rem padding) and at the bottom on phones, where the panel leaves room below its content.
 */
export type ToastPlacement = 'page' | 'admin';

const PLACEMENTS: Record<ToastPlacement, string> = {
  page: 'bottom-0 flex-col p-4 pb-24 sm:end-0 sm:pb-4 md:max-w-[420px]',
  admin: 'bottom-0 start-0 flex-col p-3 md:w-72',
};

export function toastPlacement(pathname: string): ToastPlacement {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin' : 'page';
}

export function ToastViewport({
  className,
  placement = 'page',
  ...props
}: ComponentProps<typeof ToastPrimitive.Viewport> & { placement?: ToastPlacement }) {
  return (
    <ToastPrimitive.Viewport
      hotkey={TOAST_HOTKEY}
      className={cn('fixed z-[100] flex max-h-dvh w-full gap-2', PLACEMENTS[placement], className)}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pe-12 shadow-lg data-[state=closed]:animate-toast-out data-[state=open]:animate-toast-in data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
        success: 'border-success bg-success text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastVariant = NonNullable<VariantProps<typeof toastVariants>['variant']>;

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  const t = useT();
  return (
    <ToastPrimitive.Close
      className={cn(
        'absolute top-1.5 end-1.5 flex size-11 cursor-pointer items-center justify-center rounded-md opacity-80 hover:opacity-100',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
      <span className="sr-only">{t('common.toast.dismiss')}</span>
    </ToastPrimitive.Close>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm', className)} {...props} />;
}
