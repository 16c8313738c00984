import { RatingDistributionChart } from '@client/components/player/rating-distribution-chart';
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
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {player.position}
        {player.jerseyNumber !== null ? ` · #${player.jerseyNumber}` : ''}
        <span aria-hidden="true"> · </span>
        <PlayerStatsDialog player={player} />
      </p>
      {distribution ? (
        <RatingDistributionChart playerName={player.name} counts={distribution} ownRating={rating} />
      ) : (
        <p className="text-xs text-muted-foreground">How fans rated shows once you have voted.</p>
      )}
    </>
  );
}
