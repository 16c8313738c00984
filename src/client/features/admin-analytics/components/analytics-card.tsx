import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { apiErrorMessage } from '@client/lib/api-client';
import { i18n } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An analytics card that failed shows 'Error: {message}'. */
export function errorText(error: unknown): string {
  const fallback = error instanceof Error ? error.message : i18n._('admin-match.analytics.somethingWrong');
  return i18n._('admin-match.analytics.error', { message: apiErrorMessage(error, fallback) });
}

interface AnalyticsCardProps {
  title: string;
  icon?: LucideIcon;
  /** Extra controls at the right of the title (a picker, a button). */
  action?: ReactNode;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled analytics panel; each card owns its loading and error state. */
export function AnalyticsCard({
  title,
  icon: Icon,
  action,
  description,
  className,
  children,
}: AnalyticsCardProps) {
  return (
    <Card className={cn('flex min-w-0 flex-col gap-4 p-5', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="flex items-center gap-2 text-lg font-bold tracking-tight">
            {Icon ? <Icon className="size-5 shrink-0 text-primary-text" aria-hidden="true" /> : null}
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </Card>
  );
}

interface QueryBodyProps<T> {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  /** Shown when there is nothing to ask about (no match yet). */
  idle?: ReactNode;
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Loading skeleton, 'Error: {message}', or the content. */
export function QueryBody<T>({ query, idle, skeleton, children }: QueryBodyProps<T>) {
  if (idle !== undefined && idle !== null && idle !== false) return <>{idle}</>;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        {errorText(query.error)}
      </p>
    );
  }
  if (query.isPending || query.data === undefined) {
    return <>{skeleton ?? <Skeleton className="h-16 w-full" />}</>;
  }
  return <>{children(query.data)}</>;
}

export function NoMatch() {
  const t = useT();
  return <p className="text-sm text-muted-foreground">{t('admin-match.analytics.noMatch')}</p>;
}
