import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useLanguageChoice } from './language-switcher';

/** The account dialog's language row: its label, and the phone's own list of the languages. */
export function LanguageMenu({ className }: { className?: string }) {
  const t = useT();
  const id = useId();
  const { locale, options, onChange } = useLanguageChoice();
  return (
    <div className={cn('flex min-h-11 items-center justify-between gap-3', className)}>
      <label htmlFor={id} className="flex items-center gap-2 font-medium text-sm">
        <Languages aria-hidden="true" className="size-4 text-muted-foreground" />
        {t('common.language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={onChange}
        className="min-h-11 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {options}
      </select>
    </div>
  );
}
