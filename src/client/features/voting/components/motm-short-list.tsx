import { Card } from '@client/components/ui/card';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import type { Player } from '@shared/players';
import { Trophy } from 'lucide-react';
import { useId } from 'react';

export const MOTM_SHORT_LIST_ID = 'motm-short-list';
/** How many of the fan's best-rated players the short list offers. */
const SHORT_LIST_SIZE = 5;

/** The fan's best-rated players (never the manager), highest first; level ratings keep the screen's order. */
export function shortListOf(players: readonly Player[], ratings: ReadonlyMap<number, number>): Player[] {
  return players
    .filter((p) => !p.isManager && ratings.has(p.id))
    .map((p, order) => ({ p, order, rating: ratings.get(p.id) as number }))
    .sort((a, b) => b.rating - a.rating || a.order - b.order)
    .slice(0, SHORT_LIST_SIZE)
    .map(({ p }) => p);
}

/**
 * Once every player is rated: the Man of the Match offered as a short list, the fan's own top ratings
 * first, as the big leagues' apps do; any other player stays a tap on their card's trophy.
 */
export function MotmShortList({
  players,
  ratings,
  motmPlayerId,
  onPick,
}: {
  players: readonly Player[];
  ratings: ReadonlyMap<number, number>;
  motmPlayerId: number | null;
  onPick: (playerId: number) => void;
}) {
  const t = useT();
  const titleId = useId();
  const list = shortListOf(players, ratings);
  if (list.length === 0) return null;
  return (
    <Card
      id={MOTM_SHORT_LIST_ID}
      aria-labelledby={titleId}
      role="region"
      className="flex scroll-mt-4 flex-col gap-3 p-4"
    >
      <div className="flex items-center gap-2">
        <Trophy className="size-5 shrink-0 text-foreground" aria-hidden="true" />
        <h3 id={titleId} className="text-base font-bold">
          {t('voting.motmPick.title')}
        </h3>
      </div>
      <p className="text-sm text-muted-foreground">{t('voting.motmPick.hint')}</p>
      <ul className="flex flex-col gap-1.5">
        {list.map((player) => {
          const chosen = player.id === motmPlayerId;
          return (
            <li key={player.id}>
              <button
                type="button"
                aria-pressed={chosen}
                onClick={() => onPick(player.id)}
                className={cn(
                  'flex min-h-11 w-full items-center justify-between gap-3 rounded-md border px-3 py-2 text-start text-sm font-semibold transition-colors',
                  chosen
                    ? 'border-[#c9b200] bg-gold/20 ring-2 ring-gold'
                    : 'border-input bg-card hover:border-primary hover:bg-primary-soft',
                )}
              >
                <span className="min-w-0 truncate">{player.name}</span>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {t('voting.motmPick.yourRating', { rating: ratings.get(player.id) as number })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
