import { Skeleton } from '@client/components/ui/skeleton';
import { useT } from '@client/lib/i18n/use-t';

/** Placeholder player cards while the squad loads. */
export function PlayerCardsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="grid gap-2">
      {Array.from({ length: count }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder.
          key={i}
          className="flex flex-col gap-2 rounded-lg border border-border bg-card p-2 sm:p-2.5 md:flex-row md:items-center md:gap-x-4"
        >
          <div className="flex min-h-11 items-center gap-2.5 md:flex-1">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <div className="grid grid-cols-10 gap-[3px] md:w-[22rem] md:shrink-0">
            {Array.from({ length: 10 }, (_, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder.
              <Skeleton key={j} className="h-11" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The whole voting area while the current match loads. */
export function VotingBoardSkeleton() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        {t('voting.board.loadingMatch')}
      </span>
      <Skeleton className="h-32 rounded-lg bg-chrome/15 sm:h-44" />
      <Skeleton className="h-7 w-40" />
      <PlayerCardsSkeleton />
    </div>
  );
}
