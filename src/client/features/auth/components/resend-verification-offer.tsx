import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { apiErrorMessage } from '@client/lib/api-client';
import { MailPlus } from 'lucide-react';
import { useResendVerification } from '../api/resend-verification';

/** Offered when sign-in is refused for an address not verified yet: mails a new link to that address. */
export function ResendVerificationOffer({ email }: { email: string }) {
  const resend = useResendVerification();

  if (resend.isSuccess) {
    return (
      <Alert variant="success" title="Verification link sent">
        {resend.data.message}
      </Alert>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {resend.isError ? (
        <Alert title="The link was not sent">{apiErrorMessage(resend.error, 'Please try again')}</Alert>
      ) : null}
      <Button
        variant="outline"
        className="h-auto min-h-11 w-full whitespace-normal py-2"
        disabled={resend.isPending}
        onClick={() => resend.mutate({ email })}
      >
        {resend.isPending ? <Spinner /> : <MailPlus aria-hidden="true" />}
        Send a new verification link
      </Button>
    </div>
  );
}
