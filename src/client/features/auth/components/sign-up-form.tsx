import { Alert } from '@client/components/ui/alert';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { PasswordInput } from '@client/components/ui/password-input';
import { apiErrorMessage } from '@client/lib/api-client';
import { useT } from '@client/lib/i18n/use-t';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerBody } from '@shared/auth';
import { PASSWORD_MIN_LENGTH } from '@shared/domain';
import { Controller, useForm } from 'react-hook-form';
import { useRegister } from '../api/register';
import { EmailField, NameField, NewsletterCheckbox, SubmitButton } from './auth-fields';
import { type Credentials, EMPTY_CREDENTIALS, useCredentialsSync } from './credentials';
import { PostedRefusal } from './posted-form';

interface SignUpFormProps {
  /** Called with the address the verification e-mail went to. */
  onRegistered: (email: string, requiresVerification: boolean) => void;
  /** /login keeps submit disabled until every required field has a value. */
  requireFilled?: boolean;
  idPrefix?: string;
  /** /login carries what was typed across its mode toggle. */
  credentials?: Credentials;
  onCredentialsChange?: (credentials: Credentials) => void;
}

export function SignUpForm({
  onRegistered,
  requireFilled = false,
  idPrefix = 'signup',
  credentials = EMPTY_CREDENTIALS,
  onCredentialsChange,
}: SignUpFormProps) {
  const t = useT();
  const mutation = useRegister();
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerBody),
    defaultValues: { name: '', ...credentials, newsletterOptIn: false },
  });
  useCredentialsSync(watch, onCredentialsChange);

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (answer) => onRegistered(values.email, answer.requiresVerification ?? true),
    }),
  );

  const [name, email, password] = watch(['name', 'email', 'password']);
  const empty = !name?.trim() || !email?.trim() || !password;
  const passwordHint = t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH });
  const ids = { name: `${idPrefix}-name`, email: `${idPrefix}-email`, password: `${idPrefix}-password` };

  return (
    <form method="post" action="/signup" onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {mutation.isError ? (
        <Alert title={t('auth.signUp.failed')}>{apiErrorMessage(mutation.error, t('auth.tryAgain'))}</Alert>
      ) : mutation.isIdle ? (
        <PostedRefusal title={t('auth.signUp.failed')} />
      ) : null}
      <NameField id={ids.name} error={errors.name?.message} registration={register('name')} />
      <EmailField id={ids.email} error={errors.email?.message} registration={register('email')} />
      <FormField
        id={ids.password}
        label={t('auth.passwordLabel')}
        error={errors.password?.message}
        hint={passwordHint}
      >
        <PasswordInput
          autoComplete="new-password"
          {...fieldAria(ids.password, errors.password?.message, passwordHint)}
          {...register('password')}
        />
      </FormField>
      <Controller
        control={control}
        name="newsletterOptIn"
        render={({ field }) => <NewsletterCheckbox id={`${idPrefix}-newsletter`} field={field} />}
      />
      <SubmitButton pending={mutation.isPending} disabled={requireFilled && empty}>
        {t('auth.signUp.submit')}
      </SubmitButton>
    </form>
  );
}
