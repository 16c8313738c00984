import { Spinner } from '@client/components/ui/spinner';
import { useAuth } from '@client/lib/auth/auth-context';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import {
  ArrowLeft,
  ChartColumn,
  Code,
  Globe,
  LogOut,
  type LucideIcon,
  Palette,
  Radio,
  Settings,
  Shirt,
  UserCog,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { ADMIN_TABS, type AdminTabId, adminTabHref } from '../utils/admin-tabs';

const ICONS: Record<AdminTabId, LucideIcon> = {
  match: Radio,
  squad: Shirt,
  analytics: ChartColumn,
  users: UserCog,
  customise: Palette,
  settings: Settings,
  scripts: Code,
  publishing: Globe,
};

const itemClass =
  'flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-md px-3 text-start text-[0.9375rem] font-semibold transition-colors';

interface AdminNavProps {
  activeTab: AdminTabId;
  /** Called after any item is chosen (the phone drawer closes). */
  onNavigate?: () => void;
}

/** Back to Ratings, the seven sections and Sign Out, as links so each section has its own address. */
export function AdminNav({ activeTab, onNavigate }: AdminNavProps) {
  const t = useT();
  const { signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <nav aria-label={t('admin.nav.label')} className="flex flex-col gap-1">
      <Link href="/" className={cn(itemClass, 'text-chrome-muted hover:bg-white/10 hover:text-white')}>
        <ArrowLeft className="size-[1.125rem] shrink-0 rtl:-scale-x-100" aria-hidden="true" />
        {t('admin.nav.backToRatings')}
      </Link>
      <ul className="my-2 flex flex-col gap-1 border-y border-white/15 py-2">
        {ADMIN_TABS.map((tab) => {
          const Icon = ICONS[tab.id];
          const active = tab.id === activeTab;
          return (
            <li key={tab.id}>
              <Link
                href={adminTabHref(tab.id)}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                className={cn(
                  itemClass,
                  active
                    ? 'bg-chrome-accent text-chrome-accent-foreground shadow-sm'
                    : 'text-white hover:bg-white/10',
                )}
              >
                <Icon className="size-[1.125rem] shrink-0" aria-hidden="true" />
                {t(tab.labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className={cn(itemClass, 'text-chrome-muted hover:bg-white/10 hover:text-white disabled:opacity-70')}
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void signOut({ redirectTo: '/login' });
        }}
      >
        {signingOut ? (
          <Spinner className="size-[1.125rem]" />
        ) : (
          <LogOut className="size-[1.125rem] shrink-0" aria-hidden="true" />
        )}
        {t('admin.nav.signOut')}
      </button>
    </nav>
  );
}
