import { Alert } from '@client/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { apiErrorMessage } from '@client/lib/api-client';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A Settings card drawn from one read: a placeholder while it loads, its failure, else its content. */
export function SettingsCard<T>({
  title,
  description,
  query,
  loadFailed,
  children,
}: {
  title: string;
  description: string;
  query: UseQueryResult<T>;
  loadFailed: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-4 sm:px-6">
        {query.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : query.isError ? (
          <Alert title={loadFailed}>{apiErrorMessage(query.error, query.error.message)}</Alert>
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  );
}
