import { LoadingScreen } from '@client/components/layout/loading-screen';
import { StatusScreen } from '@client/components/layout/status-screen';
import { Button } from '@client/components/ui/button';
import { useAuth } from '@client/lib/auth/auth-context';
import { useT } from '@client/lib/i18n/use-t';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useConfirmEmail } from '../api/confirm-email';
import { confirmContinue, confirmFailure } from '../utils/confirm-outcome';
import { ResendVerificationForm } from './resend-verification-form';
import { SetPasswordScreen } from './reset-password-screen';
import { useOneTimeToken } from './use-one-time-token';

/** /confirm?token=...: spends the e-mail verification token, which signs the fan in, and says how it went. */
export function ConfirmEmailScreen() {
  const t = useT();
  const token = useOneTimeToken();
  const [, navigate] = useLocation();
  const { signIn, user: signedInUser } = useAuth();
  const confirm = useConfirmEmail(token);
  const signedIn = useRef<unknown>(null);

  // The server set the session cookie: the page signs the fan in as a password sign-in does, once.
  const user = confirm.data?.user;
  useEffect(() => {
    if (!user || signedIn.current === user) return;
    signedIn.current = user;
    signIn(user);
  }, [user, signIn]);

  if (token && confirm.isPending) return <LoadingScreen message={t('auth.confirm.verifying')} />;

  // An address signed up more than once before it was verified: its owner chooses the password now.
  if (token && confirm.isSuccess && !user && confirm.data.choosePasswordToken) {
    return (
      <SetPasswordScreen
        token={confirm.data.choosePasswordToken}
        title={t('auth.confirm.choosePasswordTitle')}
        description={t('auth.confirm.choosePassword')}
        announce
        askProfile
      />
    );
  }

  if (token && confirm.isSuccess) {
    // No user back while this browser is signed in: the link was another account's, and this one stays.
    const keptSession = !user && signedInUser !== null;
    const next = confirmContinue(Boolean(user) || keptSession);
    return (
      <StatusScreen
        icon={CircleCheck}
        tone="success"
        title={t('auth.confirm.verifiedTitle')}
        actions={
          <Button size="lg" onClick={() => navigate(next.href)}>
            {next.label}
          </Button>
        }
      >
        <p role="status">
          {keptSession
            ? t('auth.confirm.verifiedKeptSession', { name: signedInUser.name })
            : t('auth.confirm.verified')}
        </p>
      </StatusScreen>
    );
  }

  const failure = confirmFailure(token, confirm.error);
  return (
    <StatusScreen
      icon={CircleX}
      tone="danger"
      title={t('auth.confirm.failedTitle')}
      actions={
        <>
          <ResendVerificationForm />
          {failure.offerSignUp ? (
            <Button size="lg" onClick={() => navigate('/signup')}>
              {t('auth.confirm.signUpAgain')}
            </Button>
          ) : null}
          <Button size="lg" variant="outline" onClick={() => navigate('/signin')}>
            {t('auth.backToSignIn')}
          </Button>
        </>
      }
    >
      <p role="alert">{failure.message}</p>
    </StatusScreen>
  );
}
