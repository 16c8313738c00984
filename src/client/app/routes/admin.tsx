import { LoadingScreen } from '@client/components/layout/loading-screen';
import { StatusScreen } from '@client/components/layout/status-screen';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { AdminShell, type AdminTabContext } from '@client/features/admin/components/admin-shell';
import type { AdminTabId } from '@client/features/admin/utils/admin-tabs';
import { useAuth } from '@client/lib/auth/auth-context';
import { loadCatalog } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { lazyOr } from '@client/lib/lazy-or';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { LockKeyhole, ShieldX } from 'lucide-react';
import { Component, lazy, type ReactNode, Suspense, use } from 'react';
import { useLocation } from 'wouter';

// Each section is its own chunk: opening the panel downloads only the section on screen.
const MatchControlTab = lazy(() =>
  import('@client/features/admin-match/components/match-control-tab').then((m) => ({
    default: m.MatchControlTab,
  })),
);
// The fans' match notifications, under the live match they follow: a chunk of its own, whose failure to
// arrive leaves the match controls working.
const PushSummaryCard = lazyOr(() =>
  import('@client/features/admin-push/components/push-summary-card').then((m) => m.PushSummaryCard),
);
const SquadTab = lazy(() =>
  import('@client/features/admin-squad/components/squad-tab').then((m) => ({ default: m.SquadTab })),
);
const AnalyticsTab = lazy(() =>
  import('@client/features/admin-analytics/components/analytics-tab').then((m) => ({
    default: m.AnalyticsTab,
  })),
);
const UsersTab = lazy(() =>
  import('@client/features/admin-users/components/users-tab').then((m) => ({ default: m.UsersTab })),
);
const CustomiseTab = lazy(() =>
  import('@client/features/admin-brand/components/customise-tab').then((m) => ({ default: m.CustomiseTab })),
);
const SettingsTab = lazy(() =>
  import('@client/features/admin-brand/components/settings-tab').then((m) => ({ default: m.SettingsTab })),
);
const PublishingTab = lazy(() =>
  import('./admin-publishing-tab').then((m) => ({
    default: m.PublishingTab,
  })),
);
const ScriptsTab = lazy(() =>
  import('@client/features/admin-brand/components/scripts-tab').then((m) => ({ default: m.ScriptsTab })),
);

// The panel's own catalogue (the admin bundle), fetched with this chunk in the language being read.
// Were it to fail (a weak signal), the panel still opens rather than blanking.
const adminCatalog = loadCatalog('admin').catch((error: unknown) => {
  console.error('The admin catalogue failed to load', error);
});

function TabLoading() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        {t('admin.route.loading')}
      </p>
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

function TabFailed() {
  const t = useT();
  return (
    <Alert title={t('admin.route.sectionFailedTitle')}>
      <p>{t('admin.route.sectionFailedBody')}</p>
      <Button variant="link" onClick={() => window.location.reload()}>
        {t('admin.route.reload')}
      </Button>
    </Alert>
  );
}

/** A section whose code fails to download (a weak signal at the stadium) offers a reload, not a blank page. */
class TabErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('An admin section failed to load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <TabFailed />;
  }
}

function renderTab(tab: AdminTabId, { notificationsEnabled, openTab }: AdminTabContext) {
  const content = (() => {
    switch (tab) {
      case 'match':
        return (
          <MatchControlTab
            notificationsEnabled={notificationsEnabled}
            onOpenSquad={() => openTab('squad')}
            afterLive={
              <Suspense fallback={<Skeleton className="h-56 w-full" />}>
                <PushSummaryCard />
              </Suspense>
            }
          />
        );
      case 'squad':
        return <SquadTab notificationsEnabled={notificationsEnabled} />;
      case 'analytics':
        return <AnalyticsTab notificationsEnabled={notificationsEnabled} />;
      case 'users':
        return <UsersTab notificationsEnabled={notificationsEnabled} />;
      case 'customise':
        return <CustomiseTab notificationsEnabled={notificationsEnabled} />;
      case 'settings':
        return <SettingsTab notificationsEnabled={notificationsEnabled} />;
      case 'scripts':
        return <ScriptsTab notificationsEnabled={notificationsEnabled} />;
      case 'publishing':
        return <PublishingTab notificationsEnabled={notificationsEnabled} />;
    }
  })();
  // Keyed by tab: a slow section never shows the previous one meanwhile, and a failure stays with its tab.
  return (
    <TabErrorBoundary key={tab}>
      <Suspense fallback={<TabLoading />}>{content}</Suspense>
    </TabErrorBoundary>
  );
}

/**
 * `/admin`, loaded lazily so fans never download admin code. The gate reads the cached user's
 * isAdmin; the server enforces the same rule on every admin call.
 */
export function AdminRoute() {
  use(adminCatalog);
  const t = useT();
  const { status, user } = useAuth();
  const [, navigate] = useLocation();
  useDocumentTitle(t('admin.documentTitle'));

  if (status === 'pending') return <LoadingScreen message={t('admin.route.checkingAccess')} />;
  if (!user) {
    return (
      <StatusScreen
        icon={LockKeyhole}
        title={t('admin.route.authRequired')}
        actions={
          <Button size="lg" onClick={() => navigate('/')}>
            {t('admin.route.goHome')}
          </Button>
        }
      >
        <p>{t('admin.route.signInToContinue')}</p>
      </StatusScreen>
    );
  }
  if (!user.isAdmin) {
    return (
      <StatusScreen
        icon={ShieldX}
        tone="danger"
        title={t('admin.route.accessDenied')}
        actions={
          <Button size="lg" onClick={() => navigate('/')}>
            {t('admin.route.backHome')}
          </Button>
        }
      >
        <p>{t('admin.route.noPermission')}</p>
      </StatusScreen>
    );
  }
  return <AdminShell renderTab={renderTab} />;
}
