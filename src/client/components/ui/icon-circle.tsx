import { cn } from '@client/lib/utils';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';

// The disc only: the icon inside (with its own size and aria-hidden) is the child, and layout classes such as
// shrink-0 or a margin come from the caller.
const iconCircleVariants = cva('flex items-center justify-center rounded-full', {
  variants: {
    size: {
      md: 'size-10',
      lg: 'size-12',
      xl: 'size-14',
    },
    tone: {
      soft: 'bg-primary-soft text-primary-text',
      primary: 'bg-primary text-primary-foreground',
      success: 'bg-success-soft text-success',
      gold: 'bg-gold text-chrome',
      neutral: 'bg-muted text-foreground',
    },
  },
  defaultVariants: { size: 'md', tone: 'soft' },
});

export interface IconCircleProps extends ComponentProps<'span'>, VariantProps<typeof iconCircleVariants> {}

/** An icon in a tinted circle, as a decoration beside or above a title. */
export function IconCircle({ className, size, tone, ...props }: IconCircleProps) {
  return <span className={cn(iconCircleVariants({ size, tone }), className)} {...props} />;
}
