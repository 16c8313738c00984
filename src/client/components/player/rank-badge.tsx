import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { Crown, Medal } from 'lucide-react';

// Gold, silver and bronze, each with an icon colour well above 3:1 on its disc.
const PODIUM = {
  1: { Icon: Crown, className: 'bg-gold text-chrome' },
  2: { Icon: Medal, className: 'bg-zinc-200 text-zinc-700' },
  3: { Icon: Medal, className: 'bg-orange-100 text-orange-800' },
} as const;

/** A crown for first, medals for second and third, the number after. Screen readers hear "Rank n". */
export function RankBadge({ rank }: { rank: number }) {
  const t = useT();
  const podium = rank === 1 || rank === 2 || rank === 3 ? PODIUM[rank] : null;
  return (
    <span className="flex w-8 shrink-0 justify-center">
      <span className="sr-only">{t('common.player.rank', { rank })}</span>
      {podium ? (
        <span
          aria-hidden="true"
          className={cn('flex size-8 items-center justify-center rounded-full', podium.className)}
        >
          <podium.Icon className="size-[1.125rem]" strokeWidth={2.25} />
        </span>
      ) : (
        <span aria-hidden="true" className="text-base font-bold tabular-nums text-muted-foreground">
          {rank}
        </span>
      )}
    </span>
  );
}
