import { Alert } from '@client/components/ui/alert';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlyBody } from '@shared/auth';
import { useForm } from 'react-hook-form';
import { useResendVerification } from '../api/resend-verification';
import { EmailField, SubmitButton } from './auth-fields';

/** A verification link that failed: asks for the address and mails a new link to it. */
export function ResendVerificationForm() {
  const t = useT();
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
      <Alert variant="success" title={t('auth.resend.inboxTitle')} className="text-start">
        {resend.data.message}
      </Alert>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="resend-title"
      className="flex flex-col gap-4 rounded-lg border border-border bg-muted/40 p-4 text-start"
    >
      <div className="flex flex-col gap-1">
        <h2 id="resend-title" className="text-base font-semibold text-foreground">
          {t('auth.resend.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('auth.resend.description')}</p>
      </div>
      {resend.isError ? (
        <Alert title={t('auth.linkNotSent')}>{apiErrorMessage(resend.error, t('auth.tryAgain'))}</Alert>
      ) : null}
      <EmailField id={id} error={errors.email?.message} registration={register('email')} />
      <SubmitButton pending={resend.isPending}>{t('auth.resend.submit')}</SubmitButton>
    </form>
  );
}
