import { cn } from '@client/lib/utils';
import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

interface ProgressProps extends Omit<ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> {
  value: number;
  max: number;
  /** Classes of the filled part. */
  indicatorClassName?: string;
}

/** A determinate progress bar (role=progressbar); give it an aria-label or aria-labelledby. */
export function Progress({ value, max, className, indicatorClassName, ...props }: ProgressProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = (clamped / safeMax) * 100;
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={safeMax}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-muted-foreground/20', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          'h-full rounded-full bg-primary transition-[width] duration-300 ease-out',
          indicatorClassName,
        )}
        style={{ width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
