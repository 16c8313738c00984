import { PlayerAvatar } from '@client/components/player/player-avatar';
import { RankBadge } from '@client/components/player/rank-badge';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { formatNumber } from '@client/lib/intl-format';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';
import type { SeasonRow, SeasonSummary, SeasonTable } from '@shared/seasons';
import { ListOrdered } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, useLocation } from 'wouter';
import { useSeasons, useSeasonTable } from '../api/match-reports-api';
import { FormLine } from './form-line';
import { EmptyState, isNotFound, ListSkeleton, LoadError, ScreenHeading } from './screen-states';

function SeasonPicker({ seasons, current }: { seasons: readonly SeasonSummary[]; current: string }) {
  const [, navigate] = useLocation();
  const labelId = useId();
  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="text-sm font-semibold text-muted-foreground">
        Season
      </span>
      <Select value={current} onValueChange={(slug) => navigate(`/season/${slug}`)}>
        <SelectTrigger aria-labelledby={labelId} className="w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {seasons.map((season) => (
            <SelectItem key={season.slug} value={season.slug}>
              {season.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function versus(figure: SeasonRow['best']) {
  return `${figure.averageRating.toFixed(1)} v ${figure.opponent}`;
}

function SeasonTableRow({ row }: { row: SeasonRow }) {
  const { player } = row;
  const motm = row.motmAwards === 1 ? '1 MOTM' : `${row.motmAwards} MOTM`;
  return (
    <tr className={cn('relative border-b border-border last:border-0', row.rank === 1 && 'bg-gold/15')}>
      <td className="py-2 pr-1 pl-2 align-middle">
        {row.rank !== null ? (
          <RankBadge rank={row.rank} />
        ) : (
          <span className="flex w-8 justify-center text-muted-foreground">
            <span aria-hidden="true">–</span>
            <span className="sr-only">Not ranked</span>
          </span>
        )}
      </td>
      <td className="py-2 pr-2 align-middle">
        <div className="flex items-center gap-3">
          <PlayerAvatar
            name={player.name}
            image={player.image}
            portraitUrl={player.portraitUrl}
            className="max-sm:hidden"
          />
          <div className="flex min-w-0 flex-col gap-0.5">
            {/* The name's link covers the row: the whole line opens the player's page. */}
            <Link
              href={`/players/${player.id}`}
              className="truncate font-semibold leading-snug after:absolute after:inset-0 hover:underline"
            >
              {player.name}
            </Link>
            <span className="truncate text-xs text-muted-foreground">
              {player.position}
              <span className="sm:hidden">
                {' · '}
                {row.matchesRated} {row.matchesRated === 1 ? 'match' : 'matches'}
                {row.motmAwards > 0 ? ` · ${motm}` : ''}
              </span>
            </span>
            <span className="truncate text-xs text-muted-foreground md:hidden">
              Best {row.best.averageRating.toFixed(1)} · Worst {row.worst.averageRating.toFixed(1)}
            </span>
          </div>
        </div>
      </td>
      <td className="px-2 py-2 text-center align-middle tabular-nums max-sm:hidden">{row.matchesRated}</td>
      <td className="px-2 py-2 text-center align-middle tabular-nums max-sm:hidden">{row.motmAwards}</td>
      <td className="px-2 py-2 align-middle text-sm max-md:hidden">
        <Link
          href={`/matches/${row.best.matchId}`}
          className="relative z-10 whitespace-nowrap hover:underline"
        >
          {versus(row.best)}
        </Link>
      </td>
      <td className="px-2 py-2 align-middle text-sm max-md:hidden">
        <Link
          href={`/matches/${row.worst.matchId}`}
          className="relative z-10 whitespace-nowrap hover:underline"
        >
          {versus(row.worst)}
        </Link>
      </td>
      <td className="px-2 py-2 align-middle">
        <FormLine form={row.form} />
      </td>
      <td className="py-2 pr-3 pl-1 text-right align-middle text-lg font-extrabold tabular-nums">
        {row.averageRating.toFixed(1)}
      </td>
    </tr>
  );
}

function SeasonTableView({ table }: { table: SeasonTable }) {
  const captionId = useId();
  return (
    <div className="surface-light overflow-hidden rounded-lg border border-border bg-card shadow-sm">
      <table
        className="w-full table-fixed border-collapse text-left sm:table-auto"
        aria-describedby={captionId}
      >
        <caption className="sr-only">
          Players of season {table.season.label} by the mean of their match averages
        </caption>
        <colgroup>
          <col className="w-11" />
          <col />
          <col className="w-16 max-sm:hidden" />
          <col className="w-16 max-sm:hidden" />
          <col className="max-md:hidden" />
          <col className="max-md:hidden" />
          <col className="w-16" />
          <col className="w-14" />
        </colgroup>
        <thead className="border-b border-border bg-muted/70 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="py-2.5 pl-2 font-semibold">
              <span className="sr-only">Rank</span>
              <span aria-hidden="true">#</span>
            </th>
            <th scope="col" className="py-2.5 pr-2 font-semibold">
              Player
            </th>
            <th scope="col" className="px-2 py-2.5 text-center font-semibold max-sm:hidden">
              Matches
            </th>
            <th scope="col" className="px-2 py-2.5 text-center font-semibold max-sm:hidden">
              MOTM
            </th>
            <th scope="col" className="px-2 py-2.5 font-semibold max-md:hidden">
              Best
            </th>
            <th scope="col" className="px-2 py-2.5 font-semibold max-md:hidden">
              Worst
            </th>
            <th scope="col" className="px-2 py-2.5 font-semibold">
              Form
            </th>
            <th scope="col" className="py-2.5 pr-3 text-right font-semibold">
              <abbr title="Average rating" className="no-underline">
                Avg
              </abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {table.players.map((row) => (
            <SeasonTableRow key={row.player.id} row={row} />
          ))}
        </tbody>
      </table>
      <p id={captionId} className="border-t border-border px-4 py-3 text-xs text-muted-foreground">
        Average of each player’s match averages. Ranked from {table.minimumMatches}{' '}
        {table.minimumMatches === 1 ? 'match' : 'matches'} rated (a third of the season’s{' '}
        {formatNumber(table.matches)}); players below that are listed unranked.
      </p>
    </div>
  );
}

/** The season's table: every rated player by the mean of their match averages, with a season picker. */
export function SeasonScreen({ slug }: { slug: string | null }) {
  const seasons = useSeasons();
  const list = seasons.data ?? [];
  // Without a season in the address, the newest one.
  const current = slug ?? list[0]?.slug ?? null;
  const table = useSeasonTable(current);
  const label = table.data?.season.label ?? list.find((s) => s.slug === current)?.label ?? null;
  useDocumentTitle(label ? `Season ${label} · Fan ratings` : 'Season · Fan ratings');

  let body: ReactNode;
  if (seasons.isPending || (current !== null && table.isPending)) {
    body = <ListSkeleton rows={6} label="Loading the season table…" />;
  } else if (seasons.isError && !seasons.data) {
    body = <LoadError what="seasons" retrying={seasons.isFetching} onRetry={() => void seasons.refetch()} />;
  } else if (current === null || (table.isError && isNotFound(table.error))) {
    body = (
      <EmptyState
        icon={ListOrdered}
        title={current === null ? 'No season table yet' : 'No ended match in this season'}
      >
        <p>The table fills in as matches end: every rated player, by the mean of their match averages.</p>
      </EmptyState>
    );
  } else if (table.isError || !table.data) {
    body = <LoadError what="season table" retrying={table.isFetching} onRetry={() => void table.refetch()} />;
  } else {
    body = <SeasonTableView table={table.data} />;
  }

  const description = table.data
    ? `${formatNumber(table.data.matches)} ${table.data.matches === 1 ? 'match' : 'matches'} rated by the fans`
    : 'The fans’ player ratings across the season.';
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 sm:gap-6">
      <ScreenHeading
        title={label ? `Season ${label}` : 'Season'}
        description={description}
        action={list.length > 1 && current ? <SeasonPicker seasons={list} current={current} /> : null}
      />
      {body}
    </div>
  );
}
