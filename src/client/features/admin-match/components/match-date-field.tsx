import { FormField, fieldAria } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { useT } from '@client/lib/i18n/use-t';
import { formatCalendarDay, numericDatePattern, parseDayEntry } from '@client/lib/intl-format';
import type { UseFormRegisterReturn } from 'react-hook-form';

const PREVIEW: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
};

interface MatchDateFieldProps {
  id: string;
  /** What is typed now, for the preview. */
  text: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

/**
 * The match date typed in the admin's own order (a native date input shows the browser's UI language's
 * order, often the US one), with the day it will be written out beneath, so a swapped day and month
 * shows at once.
 */
export function MatchDateField({ id, text, error, registration }: MatchDateFieldProps) {
  const t = useT();
  const { placeholder } = numericDatePattern();
  const day = parseDayEntry(text);
  const preview = day ? formatCalendarDay(day, PREVIEW) : null;
  const hint = (
    <span aria-live="polite">
      {preview ? (
        <span className="font-medium text-foreground">{preview}</span>
      ) : (
        t('admin-match.details.dateHint', { pattern: placeholder })
      )}
    </span>
  );
  return (
    <FormField id={id} label={t('admin-match.details.date')} error={error} hint={hint}>
      <Input
        {...fieldAria(id, error, hint)}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        {...registration}
      />
    </FormField>
  );
}
