import { cn } from '@client/lib/utils';
import type { ComponentProps } from 'react';

interface ProgressProps extends Omit<ComponentProps<'div'>, 'role' | 'children'> {
  value: number;
  max: number;
  /** Classes of the filled part. */
  indicatorClassName?: string;
}

/**
 * A determinate progress bar (role=progressbar); give it an aria-label or aria-labelledby. Plain
 * markup: it is on the fan's first screen, where a library's bytes count.
 */
export function Progress({ value, max, className, indicatorClassName, ...props }: ProgressProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = (clamped / safeMax) * 100;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={clamped}
      data-state={clamped >= safeMax ? 'complete' : 'loading'}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-muted-foreground/20', className)}
      {...props}
    >
      <div
        className={cn(
          'h-full rounded-full bg-primary transition-[width] duration-300 ease-out',
          indicatorClassName,
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
