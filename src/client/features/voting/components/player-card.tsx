import { oneDecimal, shirtNumber } from '@client/lib/i18n/figures';
import { positionName, positionShort } from '@client/lib/i18n/positions';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { lazyOr } from '@client/lib/lazy-or';
import { cn } from '@client/lib/utils';
import { POSITION_ABBREVIATIONS, type Position } from '@shared/domain';
import type { Player } from '@shared/players';
import { ChevronDown, CloudOff, Lock, Trophy } from 'lucide-react';
import { memo, Suspense, useId, useState } from 'react';
import { usePlayerMatchStats } from '../api/get-player-match-stats';
import { MotmToggle } from './motm-toggle';
import { PlayerImage } from './player-image';
import { RatingGrid } from './rating-grid';

// Opened on demand: the stats link and the chart stay out of the first load.
const loadDetails = () => import('./player-details').then((module) => module.PlayerDetails);
const PlayerDetails = lazyOr(loadDetails, DetailsUnavailable);
// A warm-up only: offline it fails quietly, and opening the details then shows their fallback.
const preloadDetails = () => void loadDetails().catch(() => undefined);

/** The details' code could not be fetched (offline before they were ever opened). */
function DetailsUnavailable() {
  const t = useT();
  return <p className="text-sm text-muted-foreground">{t('voting.card.detailsUnavailable')}</p>;
}

/** The short form in the language being read (GK, DC...); a position the product does not know, cut to two letters. */
function positionAbbreviation(player: Player): string {
  if (player.isManager) return positionShort('Manager');
  return POSITION_ABBREVIATIONS[player.position as Position]
    ? positionShort(player.position)
    : player.position.slice(0, 2).toUpperCase();
}

interface TodaysScoreProps {
  matchId: number;
  playerId: number;
  rated: boolean;
}

/** "TODAY'S SCORE": the match average, once the match has ratings and the fan rated this player. */
function TodaysScore({ matchId, playerId, rated }: TodaysScoreProps) {
  const t = useT();
  // The server keeps a player's average from fans who have not rated them yet.
  const { data } = usePlayerMatchStats(playerId, matchId, rated);
  if (!rated || !data || data.average === null || data.count === 0) return null;
  return (
    <p className="flex shrink-0 flex-col items-end text-end leading-none">
      <span className="text-[0.5625rem] font-bold tracking-wide text-muted-foreground">
        {t('voting.card.todaysScore')}
      </span>
      <span className="text-xl leading-tight font-extrabold text-primary-text tabular-nums">
        {oneDecimal(data.average)}
      </span>
      <span className="sr-only">, {t('voting.ratingCount', { count: data.count })}</span>
    </p>
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
  /** After the final vote: ratings and the MOTM choice are frozen, and shown as they were sent. */
  locked: boolean;
  /** Voting is not open (before kick-off, or ended without this fan's vote): no controls, only what was kept. */
  closed: 'before' | 'after' | null;
  /** How fans rated the player: passed only when the results are the viewer's to see. */
  distribution: readonly number[] | undefined;
  /** Whether the rating was taken: a refused one (no consent, voting closed) is not drawn as chosen. */
  onRate: (playerId: number, rating: number) => boolean;
  onToggleMotm: (playerId: number) => void;
}

/** In place of the 1-10 keys while voting is not open: says so, with the fan's kept rating if any. */
function ClosedLine({ closed, rating }: { closed: 'before' | 'after'; rating: number | undefined }) {
  const t = useT();
  return (
    <p className="flex min-h-11 items-center gap-2 rounded-md bg-muted px-3 text-sm text-muted-foreground md:w-[22rem] md:shrink-0">
      <Lock className="size-4 shrink-0" aria-hidden="true" />
      <span className="font-semibold">
        {closed === 'before' ? t('voting.card.ratingOpensAtKickOff') : t('voting.card.votingClosed')}
      </span>
      {rating !== undefined ? (
        <span className="ms-auto tabular-nums">
          <Trans
            id="voting.card.yourRating"
            values={{ rating }}
            components={{ 0: <span className="font-bold text-foreground" /> }}
          />
        </span>
      ) : null}
    </p>
  );
}

/**
 * One player (or the manager) as a compact row: photo, name, number and position, then the 1-10 keys in
 * one line. The stats and how fans rated open on demand under the row, so a whole squad fits a phone.
 */
export const PlayerCard = memo(function PlayerCard({
  player,
  matchId,
  rating,
  queued,
  ratedOnServer,
  isMotm,
  locked,
  closed,
  distribution,
  onRate,
  onToggleMotm,
}: PlayerCardProps) {
  const t = useT();
  const nameId = useId();
  const queuedId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const rated = rating !== undefined;
  const meta = [
    positionAbbreviation(player),
    player.jerseyNumber !== null ? shirtNumber(player.jerseyNumber) : null,
    player.isManager ? positionName('Manager') : player.isSubstitute ? t('voting.card.sub') : null,
  ].filter(Boolean);

  return (
    <article
      aria-labelledby={nameId}
      data-player-row=""
      data-player-id={player.id}
      className={cn(
        // A phone's squad is 15 of these one under another: 6 px of air around the 44 px keys, not 8.
        'surface-light render-when-seen flex flex-col gap-1.5 rounded-lg border bg-card p-1.5 shadow-xs sm:gap-2 sm:p-2.5 md:flex-row md:flex-wrap md:items-center md:gap-x-4',
        isMotm ? 'border-[#c9b200] ring-2 ring-gold' : rated ? 'border-primary/35' : 'border-border',
      )}
    >
      <div className="flex min-h-11 min-w-0 items-center gap-1.5 md:flex-1">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={t('voting.card.detailsLabel', { name: player.name })}
          onClick={() => setOpen((value) => !value)}
          onPointerEnter={preloadDetails}
          onFocus={preloadDetails}
          className="-my-0.5 flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-2.5 rounded-md py-0.5 pe-1 text-start hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
        >
          <PlayerImage src={player.image} portraitUrl={player.portraitUrl} className="size-10" />
          <span className="flex min-w-0 flex-col">
            <span
              id={nameId}
              data-player-name=""
              className="line-clamp-2 text-[0.9375rem] leading-snug font-bold break-words"
            >
              {player.name}
            </span>
            <span className="flex items-center gap-1 truncate text-xs text-muted-foreground">
              <span>{meta.join(' · ')}</span>
              {isMotm ? (
                <span className="ms-1 inline-flex items-center gap-0.5 rounded-full bg-gold px-1.5 text-[0.6875rem] font-bold text-chrome">
                  <Trophy className="size-3" aria-hidden="true" />
                  {t('voting.card.motmBadge')}
                </span>
              ) : null}
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'ms-auto size-4 shrink-0 text-muted-foreground transition-transform',
              open && 'rotate-180',
            )}
          />
        </button>
        <TodaysScore matchId={matchId} playerId={player.id} rated={ratedOnServer} />
        {player.isManager || closed ? null : (
          <MotmToggle
            selected={isMotm}
            disabled={locked}
            playerName={player.name}
            onToggle={() => onToggleMotm(player.id)}
          />
        )}
      </div>

      {closed ? (
        <ClosedLine closed={closed} rating={rating} />
      ) : (
        <RatingGrid
          playerName={player.name}
          value={rating}
          disabled={locked}
          describedBy={queued ? queuedId : undefined}
          onRate={(value) => onRate(player.id, value)}
        />
      )}

      {queued ? (
        <p
          id={queuedId}
          className="flex items-center gap-1.5 px-1 text-xs font-semibold text-muted-foreground md:basis-full"
        >
          <CloudOff className="size-3.5 shrink-0" aria-hidden="true" />
          {t('voting.card.savedOffline')}
        </p>
      ) : null}

      <div id={detailsId} hidden={!open} className="flex flex-col gap-2 px-1 pb-1 md:basis-full">
        {open ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">{t('voting.card.loading')}</p>}>
            <PlayerDetails player={player} rating={rating} distribution={distribution} />
          </Suspense>
        ) : null}
      </div>
    </article>
  );
});
