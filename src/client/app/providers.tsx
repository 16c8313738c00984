import { Toaster } from '@client/components/ui/toaster';
import { AuthProvider } from '@client/lib/auth/auth-provider';
import type { InitialSession } from '@client/lib/auth/initial-session';
import { createQueryClient } from '@client/lib/query-client';
import { TrackingScripts } from '@client/lib/tracking/tracking-scripts';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

interface AppProvidersProps {
  initialSession: InitialSession;
  children: ReactNode;
}

export function AppProviders({ initialSession, children }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider initialSession={initialSession}>
        {children}
        <Toaster />
        <TrackingScripts />
      </AuthProvider>
    </QueryClientProvider>
  );
}
