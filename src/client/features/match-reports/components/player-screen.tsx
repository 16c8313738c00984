import { PlayerAvatar } from '@client/components/player/player-avatar';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { countLabel, formatCalendarDay, formatNumber } from '@client/lib/intl-format';
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
  const { player } = profile;
  const meta = [
    player.isManager ? 'Manager' : player.position,
    player.jerseyNumber !== null ? `#${player.jerseyNumber}` : null,
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
          <p className="text-sm text-muted-foreground">Season {profile.season.label}</p>
        ) : null}
      </div>
    </div>
  );
}

function SeasonFiguresView({ profile }: { profile: PlayerProfile }) {
  const figures = profile.figures;
  if (!figures || !profile.season) return null;
  return (
    <section aria-label={`Season ${profile.season.label} figures`} className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        <FigureTile label="Average" value={figures.averageRating.toFixed(1)} hint="mean of match averages" />
        <FigureTile
          label="Matches"
          value={formatNumber(figures.matchesRated)}
          hint={countLabel(figures.ratingCount, 'rating')}
        />
        <FigureTile label="MOTM" value={formatNumber(figures.motmAwards)} hint="fans’ Man of the Match" />
        <FigureTile
          label="Form"
          value={<FormLine form={figures.form} className="h-8" />}
          hint="last five, oldest first"
        />
      </dl>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>
          Best:{' '}
          <Link
            href={`/matches/${figures.best.matchId}`}
            className="font-semibold text-foreground underline-offset-4 hover:underline"
          >
            {figures.best.averageRating.toFixed(1)} v {figures.best.opponent}
          </Link>
        </span>
        <span>
          Worst:{' '}
          <Link
            href={`/matches/${figures.worst.matchId}`}
            className="font-semibold text-foreground underline-offset-4 hover:underline"
          >
            {figures.worst.averageRating.toFixed(1)} v {figures.worst.opponent}
          </Link>
        </span>
      </p>
    </section>
  );
}

function AveragesChart({ profile }: { profile: PlayerProfile }) {
  const headingId = useId();
  // The chart follows the season shown in the figures; a career's first season alone has no line to draw.
  const season = profile.season?.label;
  const inSeason = profile.matches.filter((m) => m.season === season);
  if (inSeason.length < 2) return null;
  const points = inSeason.map((m) => ({
    label: m.opponent.length > 10 ? `${m.opponent.slice(0, 9)}…` : m.opponent,
    title: `${m.opponent} ${m.score} · ${formatCalendarDay(m.playedOn, SHORT_DAY) ?? m.playedOn}`,
    averageRating: m.averageRating,
  }));
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="px-4 pt-4 sm:px-5">
          <CardTitle id={headingId} className="text-lg">
            Match averages, season {profile.season?.label}
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            Dashed line: the season average. Every figure is listed below.
          </p>
        </CardHeader>
        <CardContent className="px-2 pt-2 pb-3 sm:px-4" aria-hidden="true">
          <MatchAveragesPlot points={points} seasonMean={profile.figures?.averageRating ?? null} />
        </CardContent>
      </Card>
    </section>
  );
}

function MatchList({ profile }: { profile: PlayerProfile }) {
  const headingId = useId();
  // Newest first to read, as the matches list.
  const list = [...profile.matches].reverse();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-lg font-bold">
        Every rated match
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
                  v {m.opponent} <span className="tabular-nums text-muted-foreground">{m.score}</span>
                </span>
                <span className="text-xs text-muted-foreground">
                  {formatCalendarDay(m.playedOn, SHORT_DAY)} · {countLabel(m.ratingCount, 'rating')}
                </span>
              </div>
              {m.motm ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-chrome">
                  <Trophy className="size-3" aria-hidden="true" />
                  MOTM
                </span>
              ) : null}
              <span className="w-10 text-right text-lg font-extrabold tabular-nums">
                <span className="sr-only">Average </span>
                {m.averageRating.toFixed(1)}
              </span>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A player's page: who they are, their season's figures, a chart of their match averages and every match. */
export function PlayerScreen({ playerId }: { playerId: number }) {
  const profile = usePlayerProfile(playerId);
  useDocumentTitle(profile.data ? `${profile.data.player.name} · Fan ratings` : 'Player · Fan ratings');

  let body: ReactNode;
  if (profile.isPending) {
    body = (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">Loading the player…</span>
        <Skeleton aria-hidden="true" className="h-28 w-full rounded-lg" />
        <Skeleton aria-hidden="true" className="h-24 w-full rounded-lg" />
        <Skeleton aria-hidden="true" className="h-64 w-full rounded-lg" />
      </div>
    );
  } else if (profile.isError) {
    body = isNotFound(profile.error) ? (
      <EmptyState icon={UserRoundX} title="Player not found" level="h1">
        <p>This player is not in the club’s records.</p>
      </EmptyState>
    ) : (
      <LoadError what="player" retrying={profile.isFetching} onRetry={() => void profile.refetch()} />
    );
  } else {
    const data = profile.data;
    body = (
      <>
        <PlayerHeader profile={data} />
        {data.matches.length === 0 ? (
          <EmptyState icon={Trophy} title="Not rated yet">
            <p>Their figures appear here after the first match they are rated in has ended.</p>
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
        Season table
      </BackLink>
      {body}
    </div>
  );
}
