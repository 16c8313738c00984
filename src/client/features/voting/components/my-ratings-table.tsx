import { RatingDifference } from '@client/components/player/rating-difference';
import { oneDecimal } from '@client/lib/i18n/figures';
import { useT } from '@client/lib/i18n/use-t';
import { averageOf } from '@shared/percent';
import type { Player } from '@shared/players';
import { Trophy } from 'lucide-react';

/** The fans' average of a player from how many gave each value (counts[v - 1]); null before any. */
export function averageFromCounts(counts: readonly number[] | undefined): number | null {
  if (!counts) return null;
  let n = 0;
  let sum = 0;
  counts.forEach((count, i) => {
    n += count;
    sum += count * (i + 1);
  });
  return n === 0 ? null : averageOf(sum, n);
}

/**
 * After the vote, the fan's ratings as one compact table, each beside the fans' average and the
 * difference (as broadcasters show a pundit's marks beside the fans'), in the order of the screen.
 */
export function MyRatingsTable({
  players,
  ratings,
  distribution,
  motmPlayerId,
}: {
  players: readonly Player[];
  ratings: ReadonlyMap<number, number>;
  distribution: ReadonlyMap<number, number[]> | undefined;
  motmPlayerId: number | null;
}) {
  const t = useT();
  const rows = players.filter((p) => ratings.has(p.id));
  return (
    <div className="surface-light overflow-hidden rounded-lg border border-border bg-card shadow-xs">
      <table className="w-full border-collapse text-sm" data-testid="my-ratings-table">
        <caption className="sr-only">{t('voting.mine.caption')}</caption>
        <thead>
          <tr className="border-b border-border bg-muted/60 text-xs font-semibold text-muted-foreground">
            <th scope="col" className="px-3 py-2 text-start">
              {t('voting.mine.player')}
            </th>
            <th scope="col" className="w-14 px-2 py-2 text-end">
              {t('voting.mine.yours')}
            </th>
            <th scope="col" className="w-14 px-2 py-2 text-end">
              {t('voting.mine.fans')}
            </th>
            <th scope="col" className="w-16 px-3 py-2 text-end">
              {t('voting.mine.difference')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((player) => {
            const mine = ratings.get(player.id) as number;
            const fans = averageFromCounts(distribution?.get(player.id));
            const gap = fans === null ? null : Math.round((mine - fans) * 10) / 10;
            return (
              <tr key={player.id} className="border-b border-border last:border-b-0 odd:bg-muted/30">
                <th scope="row" className="max-w-0 px-3 py-2 text-start font-semibold">
                  <span className="flex min-w-0 items-center gap-1.5">
                    <span className="truncate">{player.name}</span>
                    {player.id === motmPlayerId ? (
                      <Trophy
                        className="size-4 shrink-0 text-foreground"
                        aria-label={t('voting.mine.motm')}
                        role="img"
                      />
                    ) : null}
                  </span>
                </th>
                <td className="px-2 py-2 text-end text-base font-extrabold tabular-nums">{mine}</td>
                <td className="px-2 py-2 text-end tabular-nums text-muted-foreground">
                  {fans === null ? '–' : oneDecimal(fans)}
                </td>
                <td className="px-3 py-2 text-end">
                  {gap === null ? '–' : <RatingDifference value={gap} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
