import { LoadingScreen } from '@client/components/layout/loading-screen';
import { StatusScreen } from '@client/components/layout/status-screen';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { AdminShell, type AdminTabContext } from '@client/features/admin/components/admin-shell';
import type { AdminTabId } from '@client/features/admin/utils/admin-tabs';
import { useAuth } from '@client/lib/auth/auth-context';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { LockKeyhole, ShieldX } from 'lucide-react';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'wouter';

// Each section is its own chunk: opening the panel downloads only the section on screen.
const MatchControlTab = lazy(() =>
  import('@client/features/admin-match/components/match-control-tab').then((m) => ({
    default: m.MatchControlTab,
  })),
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
const ScriptsTab = lazy(() =>
  import('@client/features/admin-brand/components/scripts-tab').then((m) => ({ default: m.ScriptsTab })),
);

function TabLoading() {
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="sr-only">
        Loading...
      </p>
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
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
    return (
      <Alert title="This section could not be loaded">
        <p>Check the connection, then reload the page.</p>
        <Button variant="link" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Alert>
    );
  }
}

function renderTab(tab: AdminTabId, { notificationsEnabled, openTab }: AdminTabContext) {
  const content = (() => {
    switch (tab) {
      case 'match':
        return (
          <MatchControlTab notificationsEnabled={notificationsEnabled} onOpenSquad={() => openTab('squad')} />
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
  const { status, user } = useAuth();
  const [, navigate] = useLocation();
  useDocumentTitle('Admin Panel · Live Player Ratings');

  if (status === 'pending') return <LoadingScreen message="Checking your access..." />;
  if (!user) {
    return (
      <StatusScreen
        icon={LockKeyhole}
        title="Authentication Required"
        actions={
          <Button size="lg" onClick={() => navigate('/')}>
            Go to Home
          </Button>
        }
      >
        <p>Please sign in to continue</p>
      </StatusScreen>
    );
  }
  if (!user.isAdmin) {
    return (
      <StatusScreen
        icon={ShieldX}
        tone="danger"
        title="Access Denied"
        actions={
          <Button size="lg" onClick={() => navigate('/')}>
            Back to Home
          </Button>
        }
      >
        <p>You don&apos;t have permission to access the admin panel</p>
      </StatusScreen>
    );
  }
  return <AdminShell renderTab={renderTab} />;
}
