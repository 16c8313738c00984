import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { PasswordInput } from '@client/components/ui/password-input';
import { Spinner } from '@client/components/ui/spinner';
import { apiErrorMessage } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth/auth-context';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@shared/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { useLogin } from '../api/login';
import { type Credentials, EMPTY_CREDENTIALS, useCredentialsSync } from './credentials';

interface SignInFormProps {
  /** /login waits 1 s on a success message before going home (product.md point 2). */
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
  const { signIn } = useAuth();
  const [, navigate] = useLocation();
  const mutation = useLogin();
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

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {mutation.isError ? (
        <Alert title="Authentication failed">{apiErrorMessage(mutation.error, 'Please try again')}</Alert>
      ) : null}
      {redirecting ? (
        <Alert variant="success" title="Login successful">
          Taking you to the ratings…
        </Alert>
      ) : null}
      <FormField id={emailId} label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...fieldAria(emailId, errors.email?.message)}
          {...register('email')}
        />
      </FormField>
      <FormField id={passwordId} label="Password" error={errors.password?.message}>
        <PasswordInput
          autoComplete="current-password"
          {...fieldAria(passwordId, errors.password?.message)}
          {...register('password')}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={busy || (requireFilled && empty)}>
        {mutation.isPending ? <Spinner /> : null}
        Sign In
      </Button>
    </form>
  );
}
