import { useT } from '@client/lib/i18n/use-t';
import { useConnectionDown } from '@client/lib/live/live-context';
import { WifiOff } from 'lucide-react';

/**
 * "You're offline / Ratings will sync when connection is restored" while the live
 * connection is down. The status region is always there, so its text is announced when it appears;
 * it sticks to the top while the fan scrolls through the players.
 */
export function OfflineNotice() {
  const t = useT();
  const down = useConnectionDown();
  return (
    <div role="status" className="sticky top-2 z-30 empty:absolute">
      {down ? (
        <div className="surface-dark flex items-center gap-3 rounded-lg bg-chrome px-3 py-2.5 text-white shadow-lg ring-1 ring-black/10 sm:px-4 sm:py-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-white/10 text-gold sm:size-9">
            <WifiOff className="size-[1.125rem] sm:size-5" aria-hidden="true" />
          </span>
          <div className="flex min-w-0 flex-col">
            <p className="text-[0.9375rem] leading-snug font-semibold sm:text-base">
              {t('home.offline.title')}
            </p>
            <p className="text-[0.8125rem] leading-snug text-chrome-muted sm:text-sm">
              {t('home.offline.text')}
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
