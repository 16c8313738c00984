import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { usePlayersRatedCount } from '../api/get-players-rated';

/** How many players fans can rate right now. */
export function PlayersRatedBadge({ className }: { className?: string }) {
  const t = useT();
  const count = usePlayersRatedCount();
  return (
    <p className={cn('flex items-center gap-2 text-sm font-medium text-chrome-muted', className)}>
      <span>{t('admin.playersRated')}</span>
      <span className="inline-flex min-w-8 items-center justify-center rounded-full bg-gold px-2 py-0.5 text-sm font-extrabold text-foreground tabular-nums">
        {count ?? '–'}
      </span>
    </p>
  );
}
