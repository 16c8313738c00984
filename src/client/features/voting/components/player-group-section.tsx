import { Trans } from '@client/lib/i18n/react';
import type { PlayerGroup } from '../utils/group-players';
import { PlayerCard, type PlayerCardProps } from './player-card';

type SharedCardProps = Omit<
  PlayerCardProps,
  'player' | 'rating' | 'queued' | 'ratedOnServer' | 'isMotm' | 'distribution'
>;

interface PlayerGroupSectionProps extends SharedCardProps {
  group: PlayerGroup;
  /** The fan's ratings: the server's, with any still waiting offline over them. */
  ratings: ReadonlyMap<number, number>;
  serverRatings: ReadonlyMap<number, number>;
  /** Ratings kept offline, waiting to be sent. */
  queued: ReadonlyMap<number, number>;
  motmPlayerId: number | null;
  distribution: ReadonlyMap<number, readonly number[]> | undefined;
}

/** One group of the squad ('Goalkeepers', ..., 'Manager (1)') with how many the fan has rated. */
export function PlayerGroupSection({
  group,
  ratings,
  serverRatings,
  queued,
  motmPlayerId,
  distribution,
  ...cardProps
}: PlayerGroupSectionProps) {
  const headingId = `player-group-${group.key}`;
  const rated = group.players.filter((p) => ratings.has(p.id)).length;
  const complete = rated === group.players.length;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex items-center gap-3 pt-1">
        <h3 id={headingId} className="text-base font-extrabold tracking-tight text-foreground">
          {group.title}
        </h3>
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        <span
          className={
            complete
              ? 'rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success tabular-nums'
              : 'rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums'
          }
        >
          <Trans
            id="voting.group.ratedCount"
            values={{ rated, total: group.players.length }}
            components={{ 0: <span dir="ltr" /> }}
          />
        </span>
      </div>
      {/* One player a line: on a wide screen the card is a row, its name beside the keys, so the width
          goes to the names instead of a second column of narrow cards. */}
      <div className="grid gap-2">
        {group.players.map((player) => (
          <PlayerCard
            key={player.id}
            player={player}
            rating={ratings.get(player.id)}
            queued={queued.has(player.id)}
            ratedOnServer={serverRatings.has(player.id)}
            isMotm={motmPlayerId === player.id}
            distribution={distribution?.get(player.id)}
            {...cardProps}
          />
        ))}
      </div>
    </section>
  );
}
