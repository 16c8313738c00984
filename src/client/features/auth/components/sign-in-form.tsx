import { Alert } from '@client/components/ui/alert';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { PasswordInput } from '@client/components/ui/password-input';
import { ApiError, apiErrorIs, apiErrorMessage } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth/auth-context';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_ERRORS, loginBody } from '@shared/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useLogin } from '../api/login';
import { EmailField, SubmitButton } from './auth-fields';
import { type Credentials, EMPTY_CREDENTIALS, useCredentialsSync } from './credentials';
import { handOverEmail } from './email-handoff';
import { PostedRefusal, usePostedOutcome } from './posted-form';
import { ResendVerificationOffer } from './resend-verification-offer';

/** Sign-in refused only because the address is not verified yet: a new link can be sent. */
function isNotVerified(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && apiErrorIs(error, AUTH_ERRORS.emailNotVerified);
}

interface SignInFormProps {
  /** /login waits 1 s on a success message before going home. */
  redirectDelayMs?: number;
  /** /login keeps submit disabled until every field has a value. */
  requireFilled?: boolean;
  /** Prefix for field ids, so two forms could never collide. */
  idPrefix?: string;
  /** /login carries what was typed across its mode toggle. */
  credentials?: Credentials;
  onCredentialsChange?: (credentials: Credentials) => void;
}

export function SignInForm({
  redirectDelayMs = 0,
  requireFilled = false,
  idPrefix = 'signin',
  credentials = EMPTY_CREDENTIALS,
  onCredentialsChange,
}: SignInFormProps) {
  const t = useT();
  const { signIn } = useAuth();
  const [, navigate] = useLocation();
  const mutation = useLogin();
  const { notice } = usePostedOutcome();
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBody), defaultValues: credentials });
  useCredentialsSync(watch, onCredentialsChange);

  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => navigate('/'), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [redirecting, redirectDelayMs, navigate]);

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: ({ user }) => {
        signIn(user);
        if (redirectDelayMs > 0) setRedirecting(true);
        else navigate('/');
      },
    }),
  );

  const [email, password] = watch(['email', 'password']);
  const empty = !email?.trim() || !password;
  const busy = mutation.isPending || redirecting;
  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  const refusedEmail = isNotVerified(mutation.error) ? mutation.variables?.email : undefined;

  return (
    // Before the page's script arrives, the form posts to the server, which signs in and redirects.
    <form method="post" action="/signin" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {mutation.isError ? (
        <Alert title={t('auth.signIn.failed')}>{apiErrorMessage(mutation.error, t('auth.tryAgain'))}</Alert>
      ) : mutation.isIdle ? (
        <PostedRefusal title={t('auth.signIn.failed')} />
      ) : null}
      {mutation.isIdle && notice === 'check-email' ? (
        <Alert variant="success" title={t('auth.checkYourEmail')}>
          {t('auth.checkEmail.instructions')}
        </Alert>
      ) : mutation.isIdle && notice === 'password-changed' ? (
        <Alert variant="success" title={t('auth.resetPassword.changed')} />
      ) : null}
      {/* Keyed by the attempt, so each refused sign-in offers a fresh link. */}
      {refusedEmail ? <ResendVerificationOffer key={mutation.submittedAt} email={refusedEmail} /> : null}
      {redirecting ? (
        <Alert variant="success" title={t('auth.signIn.success')}>
          {t('auth.signIn.redirecting')}
        </Alert>
      ) : null}
      <EmailField id={emailId} error={errors.email?.message} registration={register('email')} />
      <FormField id={passwordId} label={t('auth.passwordLabel')} error={errors.password?.message}>
        <PasswordInput
          autoComplete="current-password"
          {...fieldAria(passwordId, errors.password?.message)}
          {...register('password')}
        />
      </FormField>
      <div className="-mt-3 -mb-2 flex justify-end">
        {/* The address typed so far goes along in memory, never in the link. */}
        <Link
          href="/forgot-password"
          onClick={() => handOverEmail(email ?? '')}
          className="inline-flex min-h-11 items-center rounded-sm text-sm font-semibold text-primary-text underline-offset-4 hover:underline"
        >
          {t('auth.signIn.forgotPassword')}
        </Link>
      </div>
      <SubmitButton pending={mutation.isPending} disabled={busy || (requireFilled && empty)}>
        {t('auth.signIn.submit')}
      </SubmitButton>
    </form>
  );
}
