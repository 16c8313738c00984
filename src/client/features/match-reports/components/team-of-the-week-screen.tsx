import { Button } from '@client/components/ui/button';
import { oneDecimal } from '@client/lib/i18n/figures';
import { currentLocale } from '@client/lib/i18n/i18n';
import { positionName } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import { formatCalendarDay, userLocale } from '@client/lib/intl-format';
import { MATCH_DAY_STYLE } from '@client/lib/match-format';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';
import {
  type Team,
  type TeamLine,
  type TeamManager,
  type TeamPeriod,
  type TeamPlayer,
  teamPeriodQuery,
  teamSeasonCardPath,
  teamTitleKind,
  teamWeekCardPath,
} from '@shared/team-of-the-week';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronDown, ChevronLeft, ChevronRight, ImageDown, Shirt, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { useSeasons } from '../api/match-reports-api';
import { type TeamPeriodChoice, useSeasonTeam, useTeamOfTheWeek } from '../api/team-of-the-week-api';
import { EmptyState, isNotFound, ListSkeleton, LoadError, ScreenHeading } from './screen-states';

/** Forwards at the top, the keeper at the bottom: the team attacks up the screen. */
const LINES_TOP_DOWN: readonly TeamLine[] = ['forward', 'midfielder', 'defender', 'goalkeeper'];

function useLineName(): (line: TeamLine) => string {
  const t = useT();
  const names: Record<TeamLine, string> = {
    goalkeeper: t('reports.team.line.goalkeeper'),
    defender: t('reports.team.line.defender'),
    midfielder: t('reports.team.line.midfielder'),
    forward: t('reports.team.line.forward'),
  };
  return (line) => names[line];
}

/** '23–29 November 2026' in the language being read. */
function dayRange(period: TeamPeriod): string {
  if (period.from === period.to)
    return formatCalendarDay(period.from, { day: 'numeric', month: 'long', year: 'numeric' }) ?? '';
  try {
    return new Intl.DateTimeFormat(userLocale(), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).formatRange(new Date(`${period.from}T12:00:00Z`), new Date(`${period.to}T12:00:00Z`));
  } catch {
    return `${period.from} – ${period.to}`;
  }
}

function PitchPlayer({ player }: { player: TeamPlayer }) {
  const t = useT();
  return (
    <li className="flex min-w-0 flex-1 basis-0 justify-center">
      <Link
        href={`/players/${player.id}`}
        className="group flex w-full max-w-32 flex-col items-center gap-1.5 rounded-md px-0.5 py-1 text-center text-white focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white"
      >
        <span className="relative" aria-hidden="true">
          <span className="flex size-12 items-center justify-center rounded-full bg-white text-base font-extrabold tabular-nums text-chrome shadow-md transition-transform group-hover:scale-105 sm:size-14 sm:text-lg">
            {oneDecimal(player.averageRating)}
          </span>
          {player.jerseyNumber !== null ? (
            <span className="absolute -end-2 -top-1.5 flex size-6 items-center justify-center rounded-full bg-gold text-[0.6875rem] font-bold tabular-nums text-[#1a1a1a] sm:size-7 sm:text-xs">
              {player.jerseyNumber}
            </span>
          ) : null}
        </span>
        <span
          dir="auto"
          aria-hidden="true"
          className="line-clamp-2 w-full break-words text-xs font-semibold leading-tight text-on-pitch group-hover:underline sm:text-sm"
        >
          {player.name}
        </span>
        <span className="sr-only">
          {t('reports.team.playerSummary', {
            name: player.name,
            position: positionName(player.position),
            average: oneDecimal(player.averageRating),
            matches: player.matchesRated,
            ratings: player.ratingCount,
          })}
        </span>
      </Link>
    </li>
  );
}

/** The pitch's markings: drawn, never read. */
function PitchMarkings() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      <div className="absolute inset-x-0 top-1/2 border-t-2 border-white/20" />
      <div className="absolute top-1/2 left-1/2 size-24 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white/20 sm:size-32" />
      <div className="absolute top-0 left-1/2 h-[11%] w-1/2 -translate-x-1/2 border-2 border-t-0 border-white/20" />
      <div className="absolute bottom-0 left-1/2 h-[11%] w-1/2 -translate-x-1/2 border-2 border-b-0 border-white/20" />
    </div>
  );
}

/**
 * The XI in formation. The pitch keeps its own left and right in every language (a left-back plays on the
 * left), so its rows are laid out left to right; each name keeps its own direction.
 */
function Pitch({ team }: { team: Team }) {
  const t = useT();
  const lineName = useLineName();
  return (
    <section
      aria-label={t('reports.team.pitchLabel', { formation: team.formation ?? '' })}
      className="relative overflow-hidden rounded-xl bg-gradient-to-b from-chrome to-chrome-deep px-1 py-5 shadow-sm sm:px-4 sm:py-6"
    >
      <PitchMarkings />
      <ul dir="ltr" className="relative flex flex-col gap-5">
        {LINES_TOP_DOWN.map((line) => {
          const players = team.players.filter((p) => p.line === line);
          if (players.length === 0) return null;
          return (
            <li key={line}>
              <ul aria-label={lineName(line)} className="flex items-start justify-around gap-0.5">
                {players.map((player) => (
                  <PitchPlayer key={player.id} player={player} />
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ManagerCard({ manager }: { manager: TeamManager }) {
  const t = useT();
  return (
    <Link
      href={`/players/${manager.id}`}
      className="surface-light flex items-center gap-3 rounded-lg border border-border bg-card px-4 py-3 shadow-sm hover:border-foreground/30"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <UserRound className="size-5" aria-hidden="true" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          {t('reports.team.manager')}
        </span>
        <span className="truncate font-bold">{manager.name}</span>
      </span>
      <span className="shrink-0 text-end">
        <span className="block text-xl font-extrabold tabular-nums">{oneDecimal(manager.averageRating)}</span>
        <span className="block text-xs text-muted-foreground">
          {t('reports.matchCount', { count: manager.matchesRated })}
        </span>
      </span>
    </Link>
  );
}

/** More matches than this (a season's) fold away: the team, not the fixture list, is the page. */
const MATCHES_SHOWN_OPEN = 7;

function MatchesCovered({ team }: { team: Team }) {
  const t = useT();
  const heading = 'text-xs font-semibold uppercase tracking-wide text-muted-foreground';
  const list = (
    <ul className="flex flex-col">
      {team.matches.map((match) => (
        <li key={match.id} className="border-t border-border first:border-t-0">
          <Link
            href={`/matches/${match.id}`}
            className="flex min-h-11 items-center justify-between gap-3 py-1.5 text-sm hover:underline"
          >
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-semibold">{match.opponent}</span>
              <span className="truncate text-xs text-muted-foreground">
                {formatCalendarDay(match.playedOn, MATCH_DAY_STYLE)}
              </span>
            </span>
            <span dir="ltr" className="shrink-0 font-bold tabular-nums">
              {match.score}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="surface-light flex flex-col gap-2 rounded-lg border border-border bg-card px-4 py-3 shadow-sm">
      {team.matches.length > MATCHES_SHOWN_OPEN ? (
        <details className="group">
          <summary
            className={cn(
              heading,
              'flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 [&::-webkit-details-marker]:hidden',
            )}
          >
            <h2>{t('reports.team.matchesHeading')}</h2>
            <span className="flex items-center gap-1 normal-case tracking-normal">
              {t('reports.matchCount', { count: team.matches.length })}
              <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
            </span>
          </summary>
          {list}
        </details>
      ) : (
        <>
          <h2 className={heading}>{t('reports.team.matchesHeading')}</h2>
          {list}
        </>
      )}
    </section>
  );
}

/** The week and the season, as two links of one control: where the fan is, and the other. */
function TeamTabs({ current, seasonSlug }: { current: 'week' | 'season'; seasonSlug: string | null }) {
  const t = useT();
  const tab = (active: boolean) =>
    cn(
      'flex min-h-11 flex-1 items-center justify-center rounded-md px-3 text-center text-sm font-semibold sm:whitespace-nowrap',
      active ? 'bg-secondary text-secondary-foreground shadow-sm' : 'text-foreground hover:bg-card/70',
    );
  return (
    <nav
      aria-label={t('reports.team.tabsLabel')}
      className="flex gap-1 rounded-lg bg-muted p-1 sm:self-start"
    >
      <Link
        href="/team-of-the-week"
        className={tab(current === 'week')}
        aria-current={current === 'week' ? 'page' : undefined}
      >
        {t('reports.team.weekLink')}
      </Link>
      {seasonSlug ? (
        <Link
          href={`/season/${seasonSlug}/team`}
          className={tab(current === 'season')}
          aria-current={current === 'season' ? 'page' : undefined}
        >
          {t('reports.team.seasonLink')}
        </Link>
      ) : null}
    </nav>
  );
}

function WeekNavigation({ team }: { team: Team }) {
  const t = useT();
  const step = (to: TeamPeriod | null, label: string, icon: ReactNode, end: boolean) =>
    to ? (
      <Button asChild variant="outline" size="sm">
        <Link href={`/team-of-the-week?from=${to.from}&to=${to.to}`}>
          {end ? null : icon}
          {label}
          {end ? icon : null}
        </Link>
      </Button>
    ) : (
      <Button variant="outline" size="sm" disabled>
        {end ? null : icon}
        {label}
        {end ? icon : null}
      </Button>
    );
  return (
    <nav
      aria-label={t('reports.team.weeksLabel')}
      className="flex items-center justify-between gap-2 sm:gap-3"
    >
      {step(
        team.previous,
        t('reports.team.previous'),
        <ChevronLeft className="rtl:-scale-x-100" aria-hidden="true" />,
        false,
      )}
      {step(
        team.next,
        t('reports.team.next'),
        <ChevronRight className="rtl:-scale-x-100" aria-hidden="true" />,
        true,
      )}
    </nav>
  );
}

function ShareCardLink({ href }: { href: string }) {
  const t = useT();
  return (
    <Button asChild variant="outline" className="w-full">
      <a href={href} target="_blank" rel="noopener">
        <ImageDown aria-hidden="true" />
        {t('reports.team.shareCard')}
      </a>
    </Button>
  );
}

/** The team and what goes beside it: the manager, the matches, the card, how it was picked. */
function TeamBody({ team, cardHref }: { team: Team; cardHref: string }) {
  const t = useT();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-6">
      <Pitch team={team} />
      <div className="flex flex-col gap-3">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <Shirt className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('reports.team.formation')}{' '}
          <span dir="ltr" className="text-lg font-extrabold tabular-nums">
            {team.formation}
          </span>
        </p>
        {team.manager ? <ManagerCard manager={team.manager} /> : null}
        <MatchesCovered team={team} />
        <ShareCardLink href={cardHref} />
        <p className="text-xs text-muted-foreground">
          {t('reports.team.rule')}
          {team.minimumMatches > 1 ? ` ${t('reports.team.minimum', { count: team.minimumMatches })}` : ''}
        </p>
      </div>
    </div>
  );
}

/** A team's answer as the screen shows it: loading, none (not found or empty), a failure, or the team. */
function TeamState({
  team,
  notFoundTitle,
  cardHref,
}: {
  team: UseQueryResult<Team, unknown>;
  notFoundTitle: string;
  cardHref: string;
}) {
  const t = useT();
  if (team.isPending) return <ListSkeleton rows={4} label={t('reports.team.loading')} />;
  const notFound = team.isError && isNotFound(team.error);
  if (notFound || team.data?.players.length === 0)
    return (
      <EmptyState icon={Shirt} title={notFound ? notFoundTitle : t('reports.team.emptyTitle')}>
        <p>{t('reports.team.emptyBody')}</p>
      </EmptyState>
    );
  if (team.isError || !team.data)
    return (
      <LoadError
        title={t('reports.team.loadError')}
        retrying={team.isFetching}
        onRetry={() => void team.refetch()}
      />
    );
  return <TeamBody team={team.data} cardHref={cardHref} />;
}

/** The period the address names, or none (the latest week) when it names none or a wrong one. */
function periodFrom(search: string): TeamPeriodChoice {
  const parsed = teamPeriodQuery.safeParse(Object.fromEntries(new URLSearchParams(search)));
  return parsed.success ? parsed.data : {};
}

/** The fans' Team of the Week (of a match, or of some days), with the weeks before and after. */
export function TeamOfTheWeekScreen() {
  const t = useT();
  const period = periodFrom(useSearch());
  const team = useTeamOfTheWeek(period);
  const seasons = useSeasons();
  const data = team.data;
  const title = t('reports.team.title', { kind: data ? teamTitleKind(data) : 'week' });
  useDocumentTitle(title);

  const body = (
    <TeamState
      team={team}
      notFoundTitle={t('reports.team.emptyTitle')}
      cardHref={teamWeekCardPath(period, currentLocale())}
    />
  );
  const description = data?.period
    ? `${dayRange(data.period)} · ${t('reports.matchCount', { count: data.matches.length })}`
    : t('reports.team.description');
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 sm:gap-5">
      <ScreenHeading title={title} description={description} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TeamTabs current="week" seasonSlug={seasons.data?.[0]?.slug ?? null} />
        {data && data.kind === 'range' ? <WeekNavigation team={data} /> : null}
      </div>
      {body}
    </div>
  );
}

/** The fans' Team of the Season: the players with a third of its matches, in the same formation rule. */
export function SeasonTeamScreen({ slug }: { slug: string }) {
  const t = useT();
  const team = useSeasonTeam(slug);
  const data = team.data;
  const title = t('reports.team.title', { kind: 'season' });
  const label = data?.season?.label ?? null;
  useDocumentTitle(label ? `${title} · ${label}` : title);

  const body = (
    <TeamState
      team={team}
      notFoundTitle={t('reports.season.emptyNoMatch')}
      cardHref={teamSeasonCardPath(slug, currentLocale())}
    />
  );
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 sm:gap-5">
      <ScreenHeading
        title={title}
        description={
          label
            ? `${t('reports.season.named', { season: label })} · ${t('reports.matchCount', { count: data?.matches.length ?? 0 })}`
            : null
        }
        action={
          <Link
            href={`/season/${slug}`}
            className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-primary-text underline-offset-4 hover:underline"
          >
            {t('reports.team.seasonTable')}
          </Link>
        }
      />
      <TeamTabs current="season" seasonSlug={slug} />
      {body}
    </div>
  );
}
