import { LoadingScreen } from '@client/components/layout/loading-screen';
import { StatusScreen } from '@client/components/layout/status-screen';
import { Button } from '@client/components/ui/button';
import { AdminShell } from '@client/features/admin/components/admin-shell';
import { useAuth } from '@client/lib/auth/auth-context';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { LockKeyhole, ShieldX } from 'lucide-react';
import { useLocation } from 'wouter';

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
  return <AdminShell />;
}
