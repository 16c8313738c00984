import { LoadingScreen } from '@client/components/layout/loading-screen';
import { StatusScreen } from '@client/components/layout/status-screen';
import { Button } from '@client/components/ui/button';
import { ApiError, apiErrorMessage } from '@client/lib/api-client';
import { CircleCheck, CircleX } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { useConfirmEmail } from '../api/confirm-email';

function errorText(error: unknown): string {
  // A refused token comes with the server's reason; anything else is a fault on the way.
  return error instanceof ApiError
    ? apiErrorMessage(error, 'Verification failed')
    : 'An error occurred during verification. Please try again.';
}

/** /confirm?token=...: spends the e-mail verification token and says how it went. */
export function ConfirmEmailScreen() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() || null;
  const [, navigate] = useLocation();
  const confirm = useConfirmEmail(token);

  if (token && confirm.isPending) return <LoadingScreen message="Verifying your email address..." />;

  if (token && confirm.isSuccess) {
    return (
      <StatusScreen
        icon={CircleCheck}
        tone="success"
        title="Email Verified!"
        actions={
          <Button size="lg" onClick={() => navigate('/signin')}>
            Continue to Sign In
          </Button>
        }
      >
        <p role="status">{confirm.data.message || 'Your email address is verified. You can now sign in.'}</p>
      </StatusScreen>
    );
  }

  return (
    <StatusScreen
      icon={CircleX}
      tone="danger"
      title="Verification Failed"
      actions={
        <>
          <Button size="lg" onClick={() => navigate('/signup')}>
            Sign Up Again
          </Button>
          <Button size="lg" variant="outline" onClick={() => navigate('/signin')}>
            Back to Sign In
          </Button>
        </>
      }
    >
      <p role="alert">{token ? errorText(confirm.error) : 'Verification token is missing from the URL'}</p>
    </StatusScreen>
  );
}
