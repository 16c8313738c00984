import { cn } from '@client/lib/utils';
import type { ComponentProps } from 'react';

/** A grey placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted-foreground/15', className)}
      {...props}
    />
  );
}
