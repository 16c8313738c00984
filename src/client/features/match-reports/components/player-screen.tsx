import { PlayerAvatar } from '@client/components/player/player-avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { isolateLtr, oneDecimal, shirtNumber } from '@client/lib/i18n/figures';
import { positionName } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import { formatCalendarDay, formatNumber } from '@client/lib/intl-format';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { PlayerProfile } from '@shared/seasons';
import { ChevronRight, Trophy, UserRoundX } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { usePlayerProfile } from '../api/match-reports-api';
import { FormLine } from './form-line';
import { MatchAveragesPlot } from './match-averages-plot';
import { BackLink, EmptyState, FigureTile, isNotFound, LoadError } from './screen-states';

const SHORT_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

function PlayerHeader({ profile }: { profile: PlayerProfile }) {
  const t = useT();
  const { player } = profile;
  const meta = [
    positionName(player.isManager ? 'Manager' : player.position),
    player.jerseyNumber !== null ? shirtNumber(player.jerseyNumber) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="surface-light flex items-center gap-4 rounded-lg border border-border bg-card p-4 shadow-sm sm:p-6">
      <PlayerAvatar name={player.name} image={player.image} portraitUrl={player.portraitUrl} size="lg" />
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{player.name}</h1>
        <p className="text-[0.9375rem] text-muted-foreground">{meta}</p>
        {profile.season ? (
          <p className="text-sm text-muted-foreground">
            {t('reports.season.named', { season: profile.season.label })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function SeasonFiguresView({ profile }: { profile: PlayerProfile }) {
  const t = useT();
  const figures = profile.figures;
  if (!figures || !profile.season) return null;
  return (
    <section
      aria-label={t('reports.player.figuresLabel', { season: profile.season.label })}
      className="flex flex-col gap-2"
    >
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        <FigureTile
          label={t('reports.averageLabel')}
          value={oneDecimal(figures.averageRating)}
          hint={t('reports.player.averageHint')}
        />
        <FigureTile
          label={t('reports.column.matches')}
          value={formatNumber(figures.matchesRated)}
          hint={t('reports.ratingCount', { count: figures.ratingCount })}
        />
        <FigureTile
          label={t('reports.motmShort')}
          value={formatNumber(figures.motmAwards)}
          hint={t('reports.player.motmHint')}
        />
        <FigureTile
          label={t('reports.column.form')}
          value={<FormLine form={figures.form} className="h-8" />}
          hint={t('reports.player.formHint')}
        />
      </dl>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>
          {t('reports.player.best')}{' '}
          <Link
            href={`/matches/${figures.best.matchId}`}
            className="font-semibold text-foreground underline-offset-4 hover:underline"
          >
            {t('reports.versus', {
              rating: oneDecimal(figures.best.averageRating),
              opponent: figures.best.opponent,
            })}
          </Link>
        </span>
        <span>
          {t('reports.player.worst')}{' '}
          <Link
            href={`/matches/${figures.worst.matchId}`}
            className="font-semibold text-foreground underline-offset-4 hover:underline"
          >
            {t('reports.versus', {
              rating: oneDecimal(figures.worst.averageRating),
              opponent: figures.worst.opponent,
            })}
          </Link>
        </span>
      </p>
    </section>
  );
}

function AveragesChart({ profile }: { profile: PlayerProfile }) {
  const t = useT();
  const headingId = useId();
  // The chart follows the season shown in the figures; a career's first season alone has no line to draw.
  const season = profile.season?.label;
  const inSeason = profile.matches.filter((m) => m.season === season);
  if (inSeason.length < 2) return null;
  const points = inSeason.map((m) => ({
    label: m.opponent.length > 10 ? `${m.opponent.slice(0, 9)}…` : m.opponent,
    title: `${m.opponent} ${isolateLtr(m.score)} · ${formatCalendarDay(m.playedOn, SHORT_DAY) ?? m.playedOn}`,
    averageRating: m.averageRating,
  }));
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="px-4 pt-4 sm:px-5">
          <CardTitle id={headingId} className="text-lg">
            {t('reports.player.chartTitle', { season: profile.season?.label ?? '' })}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{t('reports.player.chartDescription')}</p>
        </CardHeader>
        <CardContent className="px-2 pt-2 pb-3 sm:px-4" aria-hidden="true">
          <MatchAveragesPlot points={points} seasonMean={profile.figures?.averageRating ?? null} />
        </CardContent>
      </Card>
    </section>
  );
}

function MatchList({ profile }: { profile: PlayerProfile }) {
  const t = useT();
  const headingId = useId();
  // Newest first to read, as the matches list.
  const list = [...profile.matches].reverse();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-lg font-bold">
        {t('reports.player.matchesTitle')}
      </h2>
      <ol className="flex flex-col gap-1.5">
        {list.map((m) => (
          <li key={m.matchId}>
            <Link
              href={`/matches/${m.matchId}`}
              className="surface-light flex min-h-14 items-center gap-3 rounded-lg border border-border bg-card px-3 py-2 hover:border-foreground/30 sm:px-4"
            >
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-semibold">
                  {t('reports.versusOpponent', { opponent: m.opponent })}{' '}
                  <span dir="ltr" className="tabular-nums text-muted-foreground">
                    {m.score}
                  </span>
                </span>
                <span className="text-xs text-muted-foreground">
                  {formatCalendarDay(m.playedOn, SHORT_DAY)} ·{' '}
                  {t('reports.ratingCount', { count: m.ratingCount })}
                </span>
              </div>
              {m.motm ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-chrome">
                  <Trophy className="size-3" aria-hidden="true" />
                  {t('reports.motmShort')}
                </span>
              ) : null}
              <span className="w-10 text-end text-lg font-extrabold tabular-nums">
                <span className="sr-only">{t('reports.averageLabel')} </span>
                {oneDecimal(m.averageRating)}
              </span>
              <ChevronRight
                className="size-4 shrink-0 text-muted-foreground rtl:-scale-x-100"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A player's page: who they are, their season's figures, a chart of their match averages and every match. */
export function PlayerScreen({ playerId }: { playerId: number }) {
  const t = useT();
  const profile = usePlayerProfile(playerId);
  useDocumentTitle(
    profile.data
      ? t('reports.player.documentTitle', { name: profile.data.player.name })
      : t('reports.player.documentTitlePending'),
  );

  let body: ReactNode;
  if (profile.isPending) {
    body = (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">{t('reports.player.loading')}</span>
        <Skeleton aria-hidden="true" className="h-28 w-full rounded-lg" />
        <Skeleton aria-hidden="true" className="h-24 w-full rounded-lg" />
        <Skeleton aria-hidden="true" className="h-64 w-full rounded-lg" />
      </div>
    );
  } else if (profile.isError) {
    body = isNotFound(profile.error) ? (
      <EmptyState icon={UserRoundX} title={t('reports.player.notFoundTitle')} level="h1">
        <p>{t('reports.player.notFoundBody')}</p>
      </EmptyState>
    ) : (
      <LoadError
        title={t('reports.loadError.player')}
        retrying={profile.isFetching}
        onRetry={() => void profile.refetch()}
      />
    );
  } else {
    const data = profile.data;
    body = (
      <>
        <PlayerHeader profile={data} />
        {data.matches.length === 0 ? (
          <EmptyState icon={Trophy} title={t('reports.player.notRatedTitle')}>
            <p>{t('reports.player.notRatedBody')}</p>
          </EmptyState>
        ) : (
          <>
            <SeasonFiguresView profile={data} />
            <AveragesChart profile={data} />
            <MatchList profile={data} />
          </>
        )}
      </>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink href={profile.data?.season ? `/season/${profile.data.season.slug}` : '/season'}>
        {t('reports.player.backToSeason')}
      </BackLink>
      {body}
    </div>
  );
}
