import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { useT } from '@client/lib/i18n/use-t';
import type { ComponentProps, ReactNode, Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface AuthFieldProps {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

/** A labelled text field of the auth forms, described by its error. */
function AuthTextField({
  label,
  inputProps,
  id,
  error,
  registration,
}: AuthFieldProps & { label: string; inputProps: ComponentProps<typeof Input> }) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input {...inputProps} {...fieldAria(id, error)} {...registration} />
    </FormField>
  );
}

/** The address field every auth form asks for: one keyboard, autofill and placeholder for all of them. */
export function EmailField(props: AuthFieldProps) {
  const t = useT();
  return (
    <AuthTextField
      {...props}
      label={t('auth.emailLabel')}
      inputProps={{
        type: 'email',
        autoComplete: 'email',
        inputMode: 'email',
        placeholder: t('auth.emailPlaceholder'),
      }}
    />
  );
}

/** The fan's name, as sign-up asks it. */
export function NameField(props: AuthFieldProps) {
  const t = useT();
  return (
    <AuthTextField {...props} label={t('auth.signUp.nameLabel')} inputProps={{ autoComplete: 'name' }} />
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

/** The newsletter opt-in, off until the fan ticks it (a form's Controller hands it the field). */
export function NewsletterCheckbox({
  id,
  field,
}: {
  id: string;
  field: {
    value: boolean | undefined;
    onChange: (checked: boolean) => void;
    onBlur: () => void;
    ref: Ref<HTMLButtonElement>;
  };
}) {
  const t = useT();
  const company = useCompanyName();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <Checkbox
        id={id}
        checked={field.value ?? false}
        onCheckedChange={(checked) => field.onChange(checked === true)}
        onBlur={field.onBlur}
        ref={field.ref}
      />
      <Label htmlFor={id} className="cursor-pointer py-2 font-normal leading-snug">
        {t('auth.signUp.newsletter', { company })}
      </Label>
    </div>
  );
}
