import { Button } from '@client/components/ui/button';
import { IconCircle } from '@client/components/ui/icon-circle';
import { Skeleton } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { ArrowLeft, type LucideIcon, RotateCw, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A way back to the screen above, at the top of a sub-screen. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="-my-2 inline-flex min-h-11 items-center gap-1.5 self-start rounded-md pe-2 text-sm font-semibold text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** A screen's heading row: the h1, a line under it, and an action at the end on wide screens. */
export function ScreenHeading({
  title,
  description,
  action,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="text-[0.9375rem] text-muted-foreground">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** A friendly message with an icon in a card: nothing yet, not found, signed out. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  level = 'h2',
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** h1 when the message is the whole screen (nothing else names it). */
  level?: 'h1' | 'h2';
}) {
  const Heading = level;
  return (
    <div className="surface-light flex flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-card px-6 py-10 text-center">
      <IconCircle size="lg" className="mb-1">
        <Icon className="size-6" aria-hidden="true" />
      </IconCircle>
      <Heading className="text-lg font-bold">{title}</Heading>
      {children ? <div className="max-w-md text-[0.9375rem] text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A read that failed: offline or the server's fault, with a retry that keeps its place. */
export function LoadError({
  title,
  onRetry,
  retrying,
}: {
  /** What could not be loaded, as a sentence ("The match could not be loaded"). */
  title: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const t = useT();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <EmptyState
      icon={offline ? WifiOff : RotateCw}
      title={offline ? t('reports.loadError.offline') : title}
      action={
        <Button variant="outline" disabled={retrying} onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {t('reports.loadError.retry')}
        </Button>
      }
    >
      {offline ? <p>{t('reports.loadError.offlineHint')}</p> : null}
    </EmptyState>
  );
}

/** Grey rows in the shape of a list while it loads; screen readers hear one status line. */
export function ListSkeleton({
  rows = 4,
  label,
  className,
}: {
  rows?: number;
  label: string;
  className?: string;
}) {
  return (
    <div role="status" className={cn('flex flex-col gap-2', className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, row) => `row-${row}`).map((key) => (
        <Skeleton key={key} aria-hidden="true" className="h-20 w-full rounded-lg" />
      ))}
    </div>
  );
}

/** One figure with its label: a tile of a summary strip. */
export function FigureTile({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border border-border bg-card px-3 py-2.5 sm:px-4 sm:py-3">
      {/* A label wraps rather than being cut: three tiles share a phone's width in every language. */}
      <dt className="hyphens-auto break-words text-xs font-semibold uppercase leading-tight tracking-wide text-muted-foreground">
        {label}
      </dt>
      <dd className="text-2xl font-extrabold tabular-nums leading-tight">{value}</dd>
      {hint ? <dd className="break-words text-xs leading-snug text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}
