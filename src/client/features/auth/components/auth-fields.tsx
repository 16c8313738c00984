import { Button } from '@client/components/ui/button';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { useT } from '@client/lib/i18n/use-t';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The address field every auth form asks for: one keyboard, autofill and placeholder for all of them. */
export function EmailField({
  id,
  error,
  registration,
}: {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const t = useT();
  return (
    <FormField id={id} label={t('auth.emailLabel')} error={error}>
      <Input
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('auth.emailPlaceholder')}
        {...fieldAria(id, error)}
        {...registration}
      />
    </FormField>
  );
}

/** A full-width submit that shows a spinner while its request is in flight. */
export function SubmitButton({
  pending,
  disabled,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending || disabled}>
      {pending ? <Spinner /> : null}
      {children}
    </Button>
  );
}
