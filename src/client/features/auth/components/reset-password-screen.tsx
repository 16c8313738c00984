import { AuthLayout } from '@client/components/layout/auth-layout';
import { StatusScreen } from '@client/components/layout/status-screen';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { PasswordInput } from '@client/components/ui/password-input';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, apiErrorIs, apiErrorMessage } from '@client/lib/api-client';
import { meQueryKey } from '@client/lib/auth/get-me';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_ERRORS, nameField, resetPasswordBody } from '@shared/auth';
import { PASSWORD_MIN_LENGTH } from '@shared/domain';
import { useQueryClient } from '@tanstack/react-query';
import { CircleX } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useResetPassword } from '../api/reset-password';
import { NameField, NewsletterCheckbox, SubmitButton } from './auth-fields';
import { PostedRefusal } from './posted-form';
import { useOneTimeToken } from './use-one-time-token';

// The token comes from the link; the fan types the password under sign-up's rules, and, finishing a
// sign-up, their name and newsletter wish (what the account held may have been a stranger's).
const passwordForm = resetPasswordBody.pick({ password: true, name: true, newsletterOptIn: true });
const profileForm = passwordForm.extend({ name: nameField });

/** The server refused the link itself (used, expired or unknown), not the password. */
function isBadLink(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && apiErrorIs(error, AUTH_ERRORS.badResetToken);
}

/** A reset link that cannot be used: the way on is a new one. */
function BadResetLink() {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <StatusScreen
      icon={CircleX}
      tone="danger"
      title={t('auth.resetPassword.badLinkTitle')}
      actions={
        <>
          <Button size="lg" onClick={() => navigate('/forgot-password')}>
            {t('auth.resetPassword.requestNewLink')}
          </Button>
          <Button size="lg" variant="outline" onClick={() => navigate('/signin')}>
            {t('auth.backToSignIn')}
          </Button>
        </>
      }
    >
      <p role="alert">{t('auth.resetPassword.badLink')}</p>
    </StatusScreen>
  );
}

interface SetPasswordScreenProps {
  /** The one-time token that allows the change (from a reset link, or from a contested sign-up's confirm). */
  token: string | null;
  title: string;
  description: string;
  /** Read the description out when the screen appears (it is the server's answer). */
  announce?: boolean;
  /** Finishing a sign-up: the fan's name and newsletter wish are asked too. */
  askProfile?: boolean;
}

/** A new password under sign-up's rules, set with a one-time token; then on to sign in with it. */
export function SetPasswordScreen({
  token,
  title,
  description,
  announce = false,
  askProfile = false,
}: SetPasswordScreenProps) {
  const t = useT();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const mutation = useResetPassword();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(askProfile ? profileForm : passwordForm),
    defaultValues: askProfile ? { name: '', password: '', newsletterOptIn: false } : { password: '' },
  });

  if (!token || isBadLink(mutation.error)) return <BadResetLink />;

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(
      { ...values, token },
      {
        onSuccess: ({ message }) => {
          toast({ variant: 'success', title: t('auth.resetPassword.changed'), description: message });
          // The change ended every session, this browser's too: the server's answer says who is left.
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
          navigate('/signin');
        },
      },
    ),
  );
  const id = 'new-password';
  const passwordHint = t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH });

  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          <CardDescription role={announce ? 'status' : undefined}>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <form
            method="post"
            action="/reset-password"
            onSubmit={onSubmit}
            noValidate
            className="flex flex-col gap-5"
          >
            {/* The link's token goes with a post sent before the page's script arrives. */}
            <input type="hidden" name="token" value={token} />
            {mutation.isError ? (
              <Alert title={t('auth.resetPassword.notChanged')}>
                {apiErrorMessage(mutation.error, t('auth.tryAgain'))}
              </Alert>
            ) : mutation.isIdle ? (
              <PostedRefusal title={t('auth.resetPassword.notChanged')} />
            ) : null}
            {askProfile ? (
              <NameField id="new-name" error={errors.name?.message} registration={register('name')} />
            ) : null}
            <FormField
              id={id}
              label={t('auth.resetPassword.newPasswordLabel')}
              error={errors.password?.message}
              hint={passwordHint}
            >
              <PasswordInput
                autoComplete="new-password"
                {...fieldAria(id, errors.password?.message, passwordHint)}
                {...register('password')}
              />
            </FormField>
            {askProfile ? (
              <Controller
                control={control}
                name="newsletterOptIn"
                render={({ field }) => <NewsletterCheckbox id="new-newsletter" field={field} />}
              />
            ) : null}
            <SubmitButton pending={mutation.isPending}>{t('auth.resetPassword.submit')}</SubmitButton>
          </form>
          <p className="text-center text-sm text-muted-foreground">
            <Link
              href="/signin"
              className="inline-flex min-h-11 items-center rounded-sm font-semibold text-primary-text underline-offset-4 hover:underline"
            >
              {t('auth.backToSignIn')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}

/** /reset-password?token=...: sets a new password with the mailed one-time token. */
export function ResetPasswordScreen() {
  const t = useT();
  const token = useOneTimeToken();
  return (
    <SetPasswordScreen
      token={token}
      title={t('auth.resetPassword.title')}
      description={t('auth.resetPassword.description')}
    />
  );
}
