import { buttonVariants } from '@client/components/ui/button';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { Shield } from 'lucide-react';
import { useLocation } from 'wouter';

/** A second way into the admin panel, always in reach on long scrolling pages (admins only). */
export function FloatingAdminButton() {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <button
      type="button"
      onClick={() => navigate('/admin')}
      className={cn(
        buttonVariants({ variant: 'secondary', size: 'icon' }),
        'fixed end-4 bottom-4 z-40 size-14 rounded-full shadow-xl ring-2 ring-white sm:end-6 sm:bottom-6',
        // Above a bar fixed to the bottom (the phone's voting progress), not over its button.
        '[:root:has([data-bottom-bar])_&]:bottom-[calc(var(--bottom-bar-height,5rem)+0.75rem)]',
      )}
    >
      <Shield className="size-6!" aria-hidden="true" />
      <span className="sr-only">{t('common.adminTools')}</span>
    </button>
  );
}
