import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { IconCircle } from '@client/components/ui/icon-circle';
import { Spinner } from '@client/components/ui/spinner';
import { apiErrorMessage } from '@client/lib/api-client';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { MailCheck } from 'lucide-react';
import { useLocation } from 'wouter';
import { useResendVerification } from '../api/resend-verification';
import { useCooldown } from './use-cooldown';

/** The wait before the verification mail can be sent again (it was sent a moment ago). */
export const RESEND_COOLDOWN_SECONDS = 30;

/** Shown after registration: sign-in stays blocked until the link in the e-mail is opened. */
export function CheckYourEmail({ email }: { email: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const resend = useResendVerification();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS, { startNow: true });

  const sendAgain = () =>
    resend.mutate({ email }, { onSuccess: () => cooldown.start(), onError: () => cooldown.start() });

  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-8 text-center sm:px-8">
      <IconCircle size="xl" tone="success">
        <MailCheck className="size-7" aria-hidden="true" />
      </IconCircle>
      <h1 className="text-2xl font-bold tracking-tight">{t('auth.checkYourEmail')}</h1>
      <div role="status" className="flex flex-col gap-2 text-[0.9375rem] text-muted-foreground">
        <p>
          <Trans
            id="auth.checkEmail.sentTo"
            values={{ email }}
            components={{ 0: <strong dir="ltr" className="break-all text-foreground" /> }}
          />
        </p>
        <p>{t('auth.checkEmail.instructions')}</p>
      </div>
      <div className="mt-2 flex w-full flex-col gap-2.5">
        <Button size="lg" className="w-full" onClick={() => navigate('/signin')}>
          {t('auth.checkEmail.goToSignIn')}
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="w-full"
          disabled={resend.isPending || cooldown.left > 0}
          onClick={sendAgain}
        >
          {resend.isPending ? <Spinner /> : null}
          {cooldown.left > 0
            ? t('auth.checkEmail.resendIn', { seconds: cooldown.left })
            : t('auth.checkEmail.resend')}
        </Button>
      </div>
      {resend.isError ? (
        <Alert title={t('auth.checkEmail.notSent')} className="w-full text-start">
          {apiErrorMessage(resend.error, t('auth.tryAgain'))}
        </Alert>
      ) : null}
      {/* Always present, so the new message is read out when it arrives. */}
      <p role="status" className="text-sm font-medium text-success empty:absolute">
        {resend.isSuccess ? resend.data.message : ''}
      </p>
    </Card>
  );
}
