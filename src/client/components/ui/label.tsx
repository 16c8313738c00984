import { cn } from '@client/lib/utils';
import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn('text-sm font-semibold leading-none text-foreground select-none', className)}
      {...props}
    />
  );
}
