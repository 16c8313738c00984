import { Button } from '@client/components/ui/button';
import {
  DialogDescription,
  DialogHeader,
  DialogTitle,
  LazyDialogContent,
} from '@client/components/ui/dialog';
import type { LazyDialogState } from '@client/components/ui/lazy-dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { oneDecimal, shirtNumber } from '@client/lib/i18n/figures';
import { positionName } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import { formatNumber } from '@client/lib/intl-format';
import { cn } from '@client/lib/utils';
import type { Player, SeasonStats } from '@shared/players';
import type { ReactNode } from 'react';
import { useSeasonStats } from '../api/get-season-stats';
import { type StatRow, statRowsFor } from '../utils/stat-rows';
import { PlayerImage } from './player-image';

const NO_VALUE = '—';

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-md bg-muted px-3 py-2.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function Overview({ stats }: { stats: SeasonStats }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-2 gap-2">
      <Tile
        label={t('voting.stats.fanRating')}
        value={stats.averageRating === null ? NO_VALUE : oneDecimal(stats.averageRating)}
      />
      <Tile label={t('voting.stats.matchesRated')} value={String(stats.matchesRated)} />
      <Tile label={t('voting.stats.motmAwards')} value={String(stats.motmAwards)} />
      <Tile label={t('voting.stats.fanRatings')} value={formatNumber(stats.ratingCount)} />
    </dl>
  );
}

function PerformanceRows({ rows }: { rows: StatRow[] }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-1 text-sm sm:grid-cols-2 sm:gap-x-6">
      {rows.map((row) => (
        <div
          key={row.label}
          className="flex items-baseline justify-between gap-3 border-b border-border py-2"
        >
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className={cn('font-semibold tabular-nums', row.value === null && 'text-muted-foreground')}>
            {row.value ?? (
              <>
                <span aria-hidden="true">{NO_VALUE}</span>
                <span className="sr-only">{t('voting.stats.notRecorded')}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

// Catalogue keys, translated when drawn: the result in words, and its one-letter mark (W, D, L).
const RESULT_STYLE = {
  W: { label: 'voting.stats.win', letter: 'voting.stats.winShort', className: 'bg-success text-white' },
  D: {
    label: 'voting.stats.draw',
    letter: 'voting.stats.drawShort',
    className: 'bg-muted-foreground text-white',
  },
  L: { label: 'voting.stats.loss', letter: 'voting.stats.lossShort', className: 'bg-destructive text-white' },
} as const;

function RecentForm({ form }: { form: SeasonStats['recentForm'] }) {
  const t = useT();
  if (form.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('voting.stats.noFinishedMatches')}</p>;
  }
  return (
    <ol className="flex flex-col gap-1.5">
      {form.slice(0, 5).map((game) => {
        const style = RESULT_STYLE[game.result];
        return (
          <li key={game.matchId} className="flex items-center gap-3 text-sm">
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-md font-bold',
                style.className,
              )}
            >
              <span aria-hidden="true">{t(style.letter)}</span>
              <span className="sr-only">{t(style.label)}</span>
            </span>
            <span className="min-w-0 flex-1 truncate">
              {t('voting.stats.versus', { opponent: game.opponent })}{' '}
              <span dir="ltr" className="text-muted-foreground tabular-nums">
                {game.score}
              </span>
            </span>
            <span className="shrink-0 text-muted-foreground tabular-nums">
              {game.playerAverage === null ? (
                <>
                  <span aria-hidden="true">{NO_VALUE}</span>
                  <span className="sr-only">{t('voting.stats.noFanRating')}</span>
                </>
              ) : (
                <>
                  <span className="sr-only">{t('voting.stats.fanRating')} </span>
                  {oneDecimal(game.playerAverage)}
                </>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2.5">
      <h3 className="text-base font-bold">{title}</h3>
      {children}
    </section>
  );
}

/** Nothing recorded for the player this season: one sentence instead of a grid of dashes. */
function NoStatsYet({ player, season }: { player: Player; season: string }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-2 rounded-md bg-muted px-4 py-6 text-center">
      <p className="font-semibold">{t('voting.stats.noFigures', { season, name: player.name })}</p>
      <p className="text-sm text-muted-foreground">{t('voting.stats.noFiguresText')}</p>
    </div>
  );
}

function DialogBody({ player, open }: { player: Player; open: boolean }) {
  const t = useT();
  const stats = useSeasonStats(player.id, open);
  if (stats.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          {t('voting.stats.loading')}
        </span>
        <Skeleton className="h-5 w-48" />
        <div className="grid grid-cols-2 gap-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (stats.isError) {
    return (
      <div className="flex flex-col items-start gap-3 text-sm" role="alert">
        <p>{t('voting.stats.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
          {t('voting.tryAgain')}
        </Button>
      </div>
    );
  }
  const season = stats.data.seasonLabel;
  const rows = statRowsFor(player, stats.data);
  const recorded = rows.filter((row) => row.value !== null);
  const nothingYet = stats.data.matchesRated === 0 && stats.data.ratingCount === 0;
  return (
    <div className="flex flex-col gap-5">
      <Section title={t('voting.stats.seasonOverview', { season })}>
        {nothingYet ? <NoStatsYet player={player} season={season} /> : <Overview stats={stats.data} />}
      </Section>
      <Section title={t('voting.stats.performance')}>
        {recorded.length > 0 ? (
          <PerformanceRows rows={recorded} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('voting.stats.noMatchFigures')}</p>
        )}
      </Section>
      <Section title={t('voting.stats.recentForm')}>
        <RecentForm form={stats.data.recentForm} />
      </Section>
    </div>
  );
}

interface PlayerStatsContentProps extends LazyDialogState {
  player: Player;
}

/** The season dialog of a player card, loaded on the first opening (see PlayerStatsDialog). */
export function PlayerStatsContent({ player, ...state }: PlayerStatsContentProps) {
  const details = [
    positionName(player.position),
    player.jerseyNumber !== null ? shirtNumber(player.jerseyNumber) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <LazyDialogContent {...state} className="max-w-lg">
      <DialogHeader className="flex-row items-center gap-3">
        <PlayerImage src={player.image} portraitUrl={player.portraitUrl} className="size-14" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <DialogTitle className="truncate">{player.name}</DialogTitle>
          <DialogDescription>{details}</DialogDescription>
        </div>
      </DialogHeader>
      <DialogBody player={player} open={state.open} />
    </LazyDialogContent>
  );
}
