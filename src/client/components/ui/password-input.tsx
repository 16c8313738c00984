import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Input } from './input';

/** A password field with a show/hide toggle that keeps focus in the form. */
export function PasswordInput({ className, id, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input id={id} type={visible ? 'text' : 'password'} className={cn('pe-12', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-controls={id}
        className="absolute inset-y-0 end-0 flex w-11 cursor-pointer items-center justify-center rounded-e-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        {visible ? (
          <EyeOff className="size-5" aria-hidden="true" />
        ) : (
          <Eye className="size-5" aria-hidden="true" />
        )}
        {/* Text, not aria-label: the toggle must not answer to the field's own label "Password". */}
        <span className="sr-only">{t(visible ? 'common.password.hide' : 'common.password.show')}</span>
      </button>
    </div>
  );
}
