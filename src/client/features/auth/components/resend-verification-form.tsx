import { Alert } from '@client/components/ui/alert';
import { apiErrorMessage } from '@client/lib/api-client';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlyBody } from '@shared/auth';
import { useForm } from 'react-hook-form';
import { useResendVerification } from '../api/resend-verification';
import { EmailField, SubmitButton } from './auth-fields';

/** A verification link that failed: asks for the address and mails a new link to it. */
export function ResendVerificationForm() {
  const resend = useResendVerification();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailOnlyBody), defaultValues: { email: '' } });
  const onSubmit = handleSubmit((values) => resend.mutate(values));
  const id = 'resend-email';

  if (resend.isSuccess) {
    return (
      <Alert variant="success" title="Check your inbox" className="text-left">
        {resend.data.message}
      </Alert>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="resend-title"
      className="flex flex-col gap-4 rounded-lg border border-border bg-muted/40 p-4 text-left"
    >
      <div className="flex flex-col gap-1">
        <h2 id="resend-title" className="text-base font-semibold text-foreground">
          Need a new link?
        </h2>
        <p className="text-sm text-muted-foreground">
          Enter the email you signed up with and we will send a new verification link.
        </p>
      </div>
      {resend.isError ? (
        <Alert title="The link was not sent">{apiErrorMessage(resend.error, 'Please try again')}</Alert>
      ) : null}
      <EmailField id={id} error={errors.email?.message} registration={register('email')} />
      <SubmitButton pending={resend.isPending}>Send a new link</SubmitButton>
    </form>
  );
}
