import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { MailPlus } from 'lucide-react';
import { useResendVerification } from '../api/resend-verification';

/** Offered when sign-in is refused for an address not verified yet: mails a new link to that address. */
export function ResendVerificationOffer({ email }: { email: string }) {
  const t = useT();
  const resend = useResendVerification();

  if (resend.isSuccess) {
    return (
      <Alert variant="success" title={t('auth.resend.sentTitle')}>
        {resend.data.message}
      </Alert>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {resend.isError ? (
        <Alert title={t('auth.linkNotSent')}>{apiErrorMessage(resend.error, t('auth.tryAgain'))}</Alert>
      ) : null}
      <Button
        variant="outline"
        className="h-auto min-h-11 w-full whitespace-normal py-2"
        disabled={resend.isPending}
        onClick={() => resend.mutate({ email })}
      >
        {resend.isPending ? <Spinner /> : <MailPlus aria-hidden="true" />}
        {t('auth.resend.offer')}
      </Button>
    </div>
  );
}
