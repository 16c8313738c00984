import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { CalendarDays, ListOrdered, type LucideIcon, Radio, UserRoundCheck } from 'lucide-react';
import { Link, useLocation } from 'wouter';

interface NavItem {
  href: string;
  /** The catalogue key of the section's name. */
  labelKey: 'common.nav.live' | 'common.nav.matches' | 'common.nav.season' | 'common.nav.myRatings';
  icon: LucideIcon;
  /** Other paths that belong to this section (a match page is under Matches). */
  prefix?: string;
  signedInOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', labelKey: 'common.nav.live', icon: Radio },
  { href: '/matches', labelKey: 'common.nav.matches', icon: CalendarDays, prefix: '/matches/' },
  { href: '/season', labelKey: 'common.nav.season', icon: ListOrdered, prefix: '/season/' },
  { href: '/me/ratings', labelKey: 'common.nav.myRatings', icon: UserRoundCheck, signedInOnly: true },
];

function isCurrent(item: NavItem, location: string) {
  return location === item.href || (item.prefix !== undefined && location.startsWith(item.prefix));
}

/**
 * The app's sections, under the header: the live match, past matches, the season's table and (signed
 * in) the fan's own ratings. On a phone each is an icon over a short word, a full 44 px target.
 */
export function SiteNav({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const [location] = useLocation();
  const items = NAV_ITEMS.filter((item) => signedIn || !item.signedInOnly);
  // A player's page sits under the season's table.
  const current = location.startsWith('/players/') ? '/season/' : location;
  return (
    <nav aria-label={t('common.nav.label')} className="border-t border-white/10">
      <ul
        className="mx-auto grid w-full max-w-6xl auto-cols-fr grid-flow-col sm:flex sm:gap-1 sm:px-4"
        data-site-nav=""
      >
        {items.map((item) => {
          const active = isCurrent(item, current);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  // A phone stacks the icon over the word, so four sections fit 390 px without cutting one.
                  'relative flex min-h-12 flex-col items-center justify-center gap-0.5 px-1 text-xs font-semibold text-chrome-muted transition-colors hover:text-white sm:min-h-11 sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm',
                  "after:absolute after:inset-x-2 after:bottom-0 after:h-0.5 after:rounded-full after:content-['']",
                  active && 'text-white after:bg-gold',
                )}
              >
                <item.icon className="size-4 shrink-0" aria-hidden="true" />
                <span className="max-w-full truncate">{t(item.labelKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
