import { AuthLayout } from '@client/components/layout/auth-layout';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { IconCircle } from '@client/components/ui/icon-circle';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlyBody } from '@shared/auth';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useRequestPasswordReset } from '../api/forgot-password';
import { EmailField, SubmitButton } from './auth-fields';
import { handedOverEmail } from './email-handoff';
import { PostedRefusal, usePostedOutcome } from './posted-form';

const linkClass =
  'inline-flex min-h-11 items-center rounded-sm font-semibold text-primary-text underline-offset-4 hover:underline';

/** The request went out: the same words whether or not the address has an account. */
function ResetLinkSent({ message }: { message: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had the focus is gone: the reader starts again at the new heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-8 text-center sm:px-8">
      <IconCircle size="xl" tone="success">
        <MailCheck className="size-7" aria-hidden="true" />
      </IconCircle>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
        {t('auth.checkYourEmail')}
      </h1>
      <div className="flex flex-col gap-2 text-[0.9375rem] text-muted-foreground">
        <p role="status">{message}</p>
        <p>{t('auth.forgotPassword.linkValidity')}</p>
      </div>
      <Button size="lg" className="mt-2 w-full" onClick={() => navigate('/signin')}>
        {t('auth.backToSignIn')}
      </Button>
    </Card>
  );
}

/** /forgot-password: asks for the address and mails a link to set a new password. */
export function ForgotPasswordScreen() {
  const t = useT();
  const mutation = useRequestPasswordReset();
  const { notice } = usePostedOutcome();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailOnlyBody), defaultValues: { email: handedOverEmail() } });
  const onSubmit = handleSubmit((values) => mutation.mutate(values));
  const id = 'forgot-email';

  return (
    <AuthLayout>
      {mutation.isSuccess ? (
        <ResetLinkSent message={mutation.data.message} />
      ) : mutation.isIdle && notice === 'sent' ? (
        <ResetLinkSent message={t('auth.forgotPassword.sent')} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              {t('auth.forgotPassword.title')}
            </CardTitle>
            <CardDescription>{t('auth.forgotPassword.description')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <form
              method="post"
              action="/forgot-password"
              onSubmit={onSubmit}
              noValidate
              className="flex flex-col gap-5"
            >
              {mutation.isError ? (
                <Alert title={t('auth.linkNotSent')}>
                  {apiErrorMessage(mutation.error, t('auth.tryAgain'))}
                </Alert>
              ) : mutation.isIdle ? (
                <PostedRefusal title={t('auth.linkNotSent')} />
              ) : null}
              <EmailField id={id} error={errors.email?.message} registration={register('email')} />
              <SubmitButton pending={mutation.isPending}>{t('auth.forgotPassword.submit')}</SubmitButton>
            </form>
            <p className="flex flex-wrap items-center justify-center gap-x-1 text-sm text-muted-foreground">
              {t('auth.forgotPassword.remembered')}
              <Link href="/signin" className={linkClass}>
                {t('auth.backToSignIn')}
              </Link>
            </p>
          </CardContent>
        </Card>
      )}
    </AuthLayout>
  );
}
