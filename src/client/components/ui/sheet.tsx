import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { X } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

/**
 * A panel that slides in from the start edge, the left (the right in Arabic): a phone's navigation drawer;
 * a modal dialog underneath.
 */
export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

interface SheetContentProps extends ComponentProps<typeof SheetPrimitive.Content> {
  /** Label of the close button (by default, Close). */
  closeLabel?: string;
}

export function SheetContent({ className, children, closeLabel, ...props }: SheetContentProps) {
  const t = useT();
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
      <SheetPrimitive.Content
        className={cn(
          'fixed inset-y-0 start-0 z-50 flex h-dvh w-[min(20rem,calc(100%-3rem))] flex-col gap-4 overflow-y-auto shadow-2xl data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      >
        {children}
        <SheetPrimitive.Close className="absolute top-2 end-2 flex size-11 cursor-pointer items-center justify-center rounded-md opacity-85 hover:bg-current/10 hover:opacity-100">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">{closeLabel ?? t('common.close')}</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn('text-lg font-bold tracking-tight', className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description className={cn('text-sm', className)} {...props} />;
}
