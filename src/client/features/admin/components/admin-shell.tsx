import { BrandMark } from '@client/components/layout/brand-mark';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@client/components/ui/sheet';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { useBranding } from '@client/lib/branding/get-customization';
import { useT } from '@client/lib/i18n/use-t';
import { Menu } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useAdminTab } from '../hooks/use-admin-tab';
import { useNotificationsPreference } from '../hooks/use-notifications-preference';
import { type AdminTabId, adminTabLabelKey } from '../utils/admin-tabs';
import { AdminNav } from './admin-nav';
import { NotificationsSwitch } from './notifications-switch';
import { PlayersRatedBadge } from './players-rated-badge';

/** What a tab gets from the frame around it. */
export interface AdminTabContext {
  /** The admin notifications preference: success notices show only when it is on. */
  notificationsEnabled: boolean;
  openTab: (tab: AdminTabId) => void;
}

interface AdminShellProps {
  /** The open section's content; the route decides which component each tab is. */
  renderTab: (tab: AdminTabId, context: AdminTabContext) => ReactNode;
}

function BrandBlock({ company, logoUrl }: { company: string; logoUrl: string | null }) {
  const t = useT();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <BrandMark name={company} logoUrl={logoUrl} />
      <div className="flex min-w-0 flex-col">
        {/* The club's name in its own direction: a Latin name in an Arabic page is cut at its end. */}
        <span dir="auto" className="truncate font-bold leading-tight" style={{ textAlign: 'match-parent' }}>
          {company}
        </span>
        <span className="text-xs font-medium text-chrome-muted">{t('admin.shell.panel')}</span>
      </div>
    </div>
  );
}

/**
 * The admin frame: a side navigation on laptops, a top bar with a drawer on phones, and the open
 * section. The section is kept in the address so a reload stays on it.
 */
export function AdminShell({ renderTab }: AdminShellProps) {
  const t = useT();
  const branding = useBranding();
  const company = branding.companyName;
  const [tab, openTab] = useAdminTab();
  const [notificationsEnabled, setNotificationsEnabled] = useNotificationsPreference();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownTab = useRef(tab);

  // After choosing another section, focus its heading so keyboard and screen-reader users land there.
  useEffect(() => {
    if (shownTab.current === tab) return;
    shownTab.current = tab;
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [tab]);

  const settings = <NotificationsSwitch enabled={notificationsEnabled} onChange={setNotificationsEnabled} />;

  return (
    <TooltipProvider>
      <div className="flex flex-1 flex-col md:flex-row">
        {/* Phones: a top bar with the menu button. */}
        <header className="surface-dark sticky top-0 z-40 flex items-center gap-2 bg-chrome px-2 py-2 text-white shadow-md md:hidden">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-white/10">
              <Menu className="size-6" aria-hidden="true" />
              <span className="sr-only">{t('admin.shell.openMenu')}</span>
            </SheetTrigger>
            <SheetContent
              className="surface-dark bg-chrome p-4 pt-3 text-white"
              closeLabel={t('admin.shell.closeMenu')}
            >
              <SheetTitle className="sr-only">{t('admin.shell.menuTitle')}</SheetTitle>
              <SheetDescription className="sr-only">{t('admin.shell.menuDescription')}</SheetDescription>
              <div className="pe-12">
                <BrandBlock company={company} logoUrl={branding.logoUrl} />
              </div>
              <PlayersRatedBadge />
              <AdminNav activeTab={tab} onNavigate={() => setDrawerOpen(false)} />
              {settings}
            </SheetContent>
          </Sheet>
          <div className="min-w-0 flex-1">
            <BrandBlock company={company} logoUrl={branding.logoUrl} />
          </div>
          <PlayersRatedBadge className="shrink-0 pe-2 text-xs" />
        </header>

        {/* Laptops: the side navigation. */}
        <aside className="surface-dark hidden bg-chrome text-white md:block md:w-64 md:shrink-0">
          <div className="sticky top-0 flex max-h-dvh flex-col gap-5 overflow-y-auto p-5">
            <BrandBlock company={company} logoUrl={branding.logoUrl} />
            <PlayersRatedBadge />
            <AdminNav activeTab={tab} />
            {settings}
          </div>
        </aside>

        {/* On phones toasts show at the bottom: room below the content keeps the last rows clear of them. */}
        <main
          id="main"
          className="flex min-w-0 flex-1 flex-col gap-6 px-3 pt-5 pb-32 sm:px-8 sm:pt-8 md:pb-8"
        >
          <div className="flex flex-col gap-0.5">
            <p className="text-sm font-semibold text-primary-text">{t('admin.shell.panel')}</p>
            <h1
              ref={headingRef}
              tabIndex={-1}
              className="text-2xl font-extrabold tracking-tight outline-none sm:text-3xl"
            >
              {t(adminTabLabelKey(tab))}
            </h1>
          </div>
          {renderTab(tab, { notificationsEnabled, openTab })}
        </main>
      </div>
    </TooltipProvider>
  );
}
