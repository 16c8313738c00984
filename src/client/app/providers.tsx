import { OfflineSyncTrigger } from '@client/features/voting/offline/offline-sync-trigger';
import { AuthProvider } from '@client/lib/auth/auth-provider';
import type { InitialSession } from '@client/lib/auth/initial-session';
import { i18n } from '@client/lib/i18n/i18n';
import { I18nProvider, useI18n } from '@client/lib/i18n/react';
import { useAccountLocale } from '@client/lib/i18n/use-locale';
import { useT } from '@client/lib/i18n/use-t';
import { LiveProvider } from '@client/lib/live/live-provider';
import { createQueryClient } from '@client/lib/query-client';
import { keepSnapshot, restoreSnapshot, seedAnswers, seedPublicAnswers } from '@client/lib/query-snapshot';
import { browserStorage, readStoredUser } from '@client/lib/storage';
import { TrackingScripts } from '@client/lib/tracking/tracking-scripts';
import type { Boot } from '@shared/boot';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Fragment, lazy, type ReactNode, Suspense, useState } from 'react';
import { LIVE_HANDLERS, LIVE_POLL, LIVE_SYNC_AFTER_GAP } from './live-handlers';

// Toasts only follow an action or a live event: Radix's toast code loads after the first render, and a
// toast raised before it arrives waits in the store (use-toast) until then.
const Toaster = lazy(() =>
  import('@client/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);
// The first paint is in the club's colours already (the server writes them): what follows a change
// loads after it.
const ClubPaletteSync = lazy(() =>
  import('@client/lib/branding/club-palette-sync').then((module) => ({ default: module.ClubPaletteSync })),
);

interface AppProvidersProps {
  initialSession: InitialSession;
  /** The server's answers embedded in the page, if any. */
  boot?: Boot | null;
  /** A client made by the caller (the server's render of the first screen). */
  queryClient?: QueryClient;
  children: ReactNode;
}

/**
 * The page's query client, starting from the server's boot answers for this user when the page carries
 * them, else from the last visit's voting screen; either way the screen shows at once and is asked again.
 */
function createAppQueryClient(userId: string | null, boot: Boot | null): QueryClient {
  const client = createQueryClient();
  const storage = browserStorage();
  if (userId && boot?.user?.id === userId) seedAnswers(client, userId, boot.answers);
  else restoreSnapshot(client, userId, storage);
  // A signed-out visitor's screen: public answers the server read for this page a moment ago.
  if (boot && boot.user === null) seedPublicAnswers(client, boot.answers);
  keepSnapshot(client, () => readStoredUser()?.id ?? null, storage);
  return client;
}

export function AppProviders({
  initialSession,
  boot = null,
  queryClient: given,
  children,
}: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createAppQueryClient(initialSession.user?.id ?? null, boot));
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider initialSession={initialSession}>
          {/* Live updates and the offline sync follow the signed-in user (or nobody). */}
          <LiveProvider
            handlers={LIVE_HANDLERS}
            refreshResults={LIVE_POLL}
            syncAfterGap={LIVE_SYNC_AFTER_GAP}
          >
            <InLanguage>
              {children}
              <Suspense fallback={null}>
                <Toaster />
              </Suspense>
            </InLanguage>
            <TrackingScripts />
            <OfflineSyncTrigger />
            <Suspense fallback={null}>
              <ClubPaletteSync />
            </Suspense>
          </LiveProvider>
        </AuthProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

/**
 * The screens, drawn again from the top when the language changes: every text (including what helpers
 * translate outside a component) follows at once, while the answers, the session and the live socket
 * above stay as they are.
 */
function InLanguage({ children }: { children: ReactNode }) {
  const { locale } = useI18n();
  const t = useT();
  useAccountLocale();
  return (
    <Fragment key={locale}>
      {/* First in the tab order on every screen; every layout's <main> has id="main". */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-[200] focus:inline-flex focus:min-h-11 focus:items-center focus:rounded-md focus:bg-card focus:px-4 focus:font-semibold focus:text-foreground focus:shadow-lg"
      >
        {t('common.skipToContent')}
      </a>
      {children}
    </Fragment>
  );
}
