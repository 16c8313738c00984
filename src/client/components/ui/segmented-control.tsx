import { cn } from '@client/lib/utils';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

/**
 * A row of mutually exclusive choices (a radio group: arrow keys move, one is checked). Name it with
 * aria-label or aria-labelledby. Each choice keeps a 44 px touch target.
 */
export function SegmentedControl({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return (
    <RadioGroupPrimitive.Root
      className={cn('grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted p-1', className)}
      {...props}
    />
  );
}

export function SegmentedControlItem({
  className,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'flex min-h-11 min-w-0 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-md px-2 py-1.5 text-center text-sm font-semibold text-foreground transition-colors hover:bg-card/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-55 data-[state=checked]:bg-secondary data-[state=checked]:text-secondary-foreground data-[state=checked]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}
