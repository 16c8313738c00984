import { cn } from '@client/lib/utils';
import { LoaderCircle } from 'lucide-react';

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; leave empty when visible text next to it already says it. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <>
      <LoaderCircle className={cn('size-5 animate-spin', className)} aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
