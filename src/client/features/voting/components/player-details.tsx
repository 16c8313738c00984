import { RatingDistributionChart } from '@client/components/player/rating-distribution-chart';
import { positionName } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import type { Player } from '@shared/players';
import { PlayerStatsDialog } from './player-stats-dialog';

interface PlayerDetailsProps {
  player: Player;
  /** The fan's own rating, highlighted in the chart. */
  rating: number | undefined;
  /** How fans rated the player, when the results are the viewer's to see. */
  distribution: readonly number[] | undefined;
}

/** What opens under a player row: position and number in full, the stats link and how fans rated. */
export function PlayerDetails({ player, rating, distribution }: PlayerDetailsProps) {
  const t = useT();
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {positionName(player.position)}
        {player.jerseyNumber !== null ? ` · #${player.jerseyNumber}` : ''}
        <span aria-hidden="true"> · </span>
        <PlayerStatsDialog player={player} />
      </p>
      {distribution ? (
        <RatingDistributionChart playerName={player.name} counts={distribution} ownRating={rating} />
      ) : (
        <p className="text-xs text-muted-foreground">{t('voting.details.distributionLater')}</p>
      )}
    </>
  );
}
