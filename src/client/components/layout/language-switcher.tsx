import { useLocale } from '@client/lib/i18n/use-locale';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { isLocale, LOCALE_NAMES, LOCALES } from '@shared/i18n/locales';
import { ChevronDown, Languages } from 'lucide-react';

/**
 * The reader's language and the choice of another: the options (each language named in itself, so a
 * reader finds theirs whatever language the page is in) and the select's change handler. Shared by the
 * header's picker and the account dialog's row (language-menu.tsx, out of the first load).
 */
export function useLanguageChoice() {
  const { locale, changeLocale } = useLocale();
  const options = LOCALES.map((code) => (
    <option key={code} value={code} lang={code}>
      {LOCALE_NAMES[code]}
    </option>
  ));
  const onChange = (event: React.ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    if (isLocale(next) && next !== locale) changeLocale(next).catch(() => undefined);
  };
  return { locale, options, onChange };
}

/** The header's language picker: a compact control (the language's code) over the phone's own list. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = useT();
  const { locale, options, onChange } = useLanguageChoice();

  return (
    <div
      className={cn(
        'relative inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 font-semibold text-sm uppercase hover:bg-white/10 has-[select:focus-visible]:ring-2 has-[select:focus-visible]:ring-ring',
        className,
      )}
    >
      <Languages aria-hidden="true" className="size-4" />
      <span aria-hidden="true">{locale}</span>
      <ChevronDown aria-hidden="true" className="size-3 opacity-70" />
      <select
        aria-label={t('common.language.label')}
        value={locale}
        onChange={onChange}
        className="absolute inset-0 cursor-pointer opacity-0"
      >
        {options}
      </select>
    </div>
  );
}
