import { cn } from '@client/lib/utils';
import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

const alertVariants = cva('flex gap-3 rounded-md border p-3.5 text-sm', {
  variants: {
    variant: {
      destructive: 'border-destructive/30 bg-primary-soft text-destructive',
      success: 'border-success/30 bg-success-soft text-success',
    },
  },
  defaultVariants: { variant: 'destructive' },
});

interface AlertProps extends VariantProps<typeof alertVariants> {
  title: string;
  children?: ReactNode;
  className?: string;
}

/** An inline message, announced when it appears (role=alert for errors, status otherwise). */
export function Alert({ title, children, variant, className }: AlertProps) {
  const Icon = variant === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      role={variant === 'success' ? 'status' : 'alert'}
      className={cn(alertVariants({ variant }), className)}
    >
      <Icon className="mt-px size-[1.125rem] shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">{title}</p>
        {children ? <div className="text-foreground/85">{children}</div> : null}
      </div>
    </div>
  );
}
