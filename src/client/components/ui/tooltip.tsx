import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/** A tooltip waits 700 ms before it opens; after one closes, the next opens at once for 300 ms. */
export const TOOLTIP_DELAYS = { delayDuration: 700, skipDelayDuration: 300 } as const;

/**
 * The delays every tooltip below it keeps. Only the admin panel has tooltips, so only it mounts this:
 * a fan's first load carries none of the tooltip code.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <TooltipPrimitive.Provider {...TOOLTIP_DELAYS}>{children}</TooltipPrimitive.Provider>;
}

/**
 * Shows `label` by its trigger on hover or focus, above it unless `side` says otherwise (below a control
 * whose figure it would cover). It never takes a pointer, so nothing it covers stops answering.
 */
export function Tooltip({
  label,
  side = 'top',
  children,
}: {
  label: string;
  side?: 'top' | 'bottom';
  children: ReactElement;
}) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={4}
          className="surface-dark pointer-events-none z-50 max-w-64 rounded-md bg-chrome px-2.5 py-1.5 text-xs font-medium text-white shadow-md data-[state=delayed-open]:animate-fade-in"
        >
          {label}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
