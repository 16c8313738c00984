import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/utils';
import { POSITION_ABBREVIATIONS, type Position } from '@shared/domain';
import type { Player } from '@shared/players';
import { CloudOff, Trophy } from 'lucide-react';
import { memo, useId } from 'react';
import { usePlayerMatchStats } from '../api/get-player-match-stats';
import { countLabel } from '../utils/format-match';
import { MotmToggle } from './motm-toggle';
import { PlayerImage } from './player-image';
import { PlayerStatsDialog } from './player-stats-dialog';
import { RatingDistributionChart } from './rating-distribution-chart';
import { RatingGrid } from './rating-grid';

function positionAbbreviation(player: Player): string {
  if (player.isManager) return 'HC';
  return POSITION_ABBREVIATIONS[player.position as Position] ?? player.position.slice(0, 2).toUpperCase();
}

interface TodaysScoreProps {
  matchId: number;
  playerId: number;
  rated: boolean;
}

/** "TODAY'S SCORE": the match average, once the match has ratings and the fan rated this player. */
function TodaysScore({ matchId, playerId, rated }: TodaysScoreProps) {
  // The server keeps a player's average from fans who have not rated them yet.
  const { data } = usePlayerMatchStats(playerId, matchId, rated);
  if (!rated || !data || data.average === null || data.count === 0) return null;
  return (
    <div className="flex shrink-0 flex-col items-end text-right">
      <span className="text-[0.6875rem] font-bold tracking-wide text-muted-foreground">
        TODAY&apos;S SCORE
      </span>
      <span className="text-2xl leading-tight font-extrabold text-primary-text tabular-nums">
        {data.average.toFixed(1)}
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">{countLabel(data.count, 'rating')}</span>
    </div>
  );
}

export interface PlayerCardProps {
  player: Player;
  matchId: number;
  /** The fan's own rating of the player, if any. */
  rating: number | undefined;
  /** The rating is kept offline, waiting to be sent. */
  queued: boolean;
  /** The server has a rating of the fan's for the player (its average is readable then). */
  ratedOnServer: boolean;
  isMotm: boolean;
  /** After the final vote: ratings and the MOTM choice are frozen. */
  locked: boolean;
  /** How fans rated the player (after the final vote). */
  distribution: readonly number[] | undefined;
  onRate: (playerId: number, rating: number) => void;
  onToggleMotm: (playerId: number) => void;
}

/** One player (or the manager): who they are, the 1-10 grid, today's score, the MOTM choice. */
export const PlayerCard = memo(function PlayerCard({
  player,
  matchId,
  rating,
  queued,
  ratedOnServer,
  isMotm,
  locked,
  distribution,
  onRate,
  onToggleMotm,
}: PlayerCardProps) {
  const nameId = useId();
  const queuedId = useId();
  const rated = rating !== undefined;

  return (
    <article
      aria-labelledby={nameId}
      className={cn(
        'surface-light flex h-full flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm transition-colors',
        isMotm ? 'border-[#c9b200] ring-2 ring-gold' : rated ? 'border-primary/35' : 'border-border',
      )}
    >
      <div className="flex items-start gap-3">
        <div className="relative shrink-0">
          <PlayerImage src={player.image} className="size-14 sm:size-16" />
          <span
            aria-hidden="true"
            className="absolute -right-1 -bottom-1 rounded-full border-2 border-card bg-secondary px-1.5 py-px text-[0.6875rem] font-bold text-secondary-foreground"
          >
            {positionAbbreviation(player)}
          </span>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h4 id={nameId} className="text-base leading-tight font-bold break-words">
            {player.name}
          </h4>
          {player.isManager || player.isSubstitute || isMotm ? (
            <div className="flex flex-wrap gap-1">
              {player.isManager ? <Badge variant="secondary">Manager</Badge> : null}
              {player.isSubstitute && !player.isManager ? <Badge variant="muted">Substitute</Badge> : null}
              {isMotm ? (
                <Badge variant="gold">
                  <Trophy aria-hidden="true" />
                  MOTM
                </Badge>
              ) : null}
            </div>
          ) : null}
          <p className="text-sm text-muted-foreground">
            {player.position}
            {player.jerseyNumber !== null ? (
              <span className="whitespace-nowrap">
                <span aria-hidden="true"> · </span>
                <span className="font-semibold text-foreground tabular-nums">#{player.jerseyNumber}</span>
              </span>
            ) : null}
          </p>
          <div>
            <PlayerStatsDialog player={player} />
          </div>
        </div>
        <TodaysScore matchId={matchId} playerId={player.id} rated={ratedOnServer} />
      </div>

      <RatingGrid
        playerName={player.name}
        value={rating}
        disabled={locked}
        describedBy={queued ? queuedId : undefined}
        onRate={(value) => onRate(player.id, value)}
      />

      {queued ? (
        <p
          id={queuedId}
          className="-mt-1 flex items-center gap-1.5 text-xs font-semibold text-muted-foreground"
        >
          <CloudOff className="size-3.5 shrink-0" aria-hidden="true" />
          Saved offline — will sync
        </p>
      ) : null}

      {player.isManager ? null : (
        <MotmToggle
          selected={isMotm}
          disabled={locked}
          playerName={player.name}
          onToggle={() => onToggleMotm(player.id)}
        />
      )}

      {/* Passed only when the results are the viewer's to see (after their vote, to admins, once ended). */}
      {distribution ? (
        <RatingDistributionChart playerName={player.name} counts={distribution} ownRating={rating} />
      ) : null}
    </article>
  );
});
