import { PlayerAvatar } from '@client/components/player/player-avatar';
import { RankBadge } from '@client/components/player/rank-badge';
import { Button } from '@client/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { oneDecimal } from '@client/lib/i18n/figures';
import { positionName } from '@client/lib/i18n/positions';
import { useT } from '@client/lib/i18n/use-t';
import { formatNumber } from '@client/lib/intl-format';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';
import type { SeasonRow, SeasonSummary, SeasonTable } from '@shared/seasons';
import { ListOrdered, Shirt } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, useLocation } from 'wouter';
import { useSeasons, useSeasonTable } from '../api/match-reports-api';
import { FormLine } from './form-line';
import { EmptyState, isNotFound, ListSkeleton, LoadError, ScreenHeading } from './screen-states';

function SeasonPicker({ seasons, current }: { seasons: readonly SeasonSummary[]; current: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const labelId = useId();
  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="text-sm font-semibold text-muted-foreground">
        {t('reports.season.title')}
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

function SeasonTableRow({ row }: { row: SeasonRow }) {
  const t = useT();
  const { player } = row;
  const versus = (figure: SeasonRow['best']) =>
    t('reports.versus', { rating: oneDecimal(figure.averageRating), opponent: figure.opponent });
  const motm = t('reports.season.motmCount', { count: row.motmAwards });
  return (
    <tr className={cn('relative border-b border-border last:border-0', row.rank === 1 && 'bg-gold/15')}>
      <td className="py-2 ps-2 pe-1 align-middle">
        {row.rank !== null ? (
          <RankBadge rank={row.rank} />
        ) : (
          <span className="flex w-8 justify-center text-muted-foreground">
            <span aria-hidden="true">–</span>
            <span className="sr-only">{t('reports.season.notRanked')}</span>
          </span>
        )}
      </td>
      <td className="py-2 pe-2 align-middle">
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
              {positionName(player.position)}
              <span className="sm:hidden">
                {' · '}
                {t('reports.matchCount', { count: row.matchesRated })}
                {row.motmAwards > 0 ? ` · ${motm}` : ''}
              </span>
            </span>
            <span className="truncate text-xs text-muted-foreground md:hidden">
              {t('reports.season.bestWorst', {
                best: oneDecimal(row.best.averageRating),
                worst: oneDecimal(row.worst.averageRating),
              })}
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
      <td className="py-2 ps-1 pe-3 text-end align-middle text-lg font-extrabold tabular-nums">
        {oneDecimal(row.averageRating)}
      </td>
    </tr>
  );
}

function SeasonTableView({ table }: { table: SeasonTable }) {
  const t = useT();
  const captionId = useId();
  return (
    <div className="surface-light overflow-hidden rounded-lg border border-border bg-card shadow-sm">
      <table
        className="w-full table-fixed border-collapse text-start sm:table-auto"
        aria-describedby={captionId}
      >
        <caption className="sr-only">{t('reports.season.caption', { season: table.season.label })}</caption>
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
            <th scope="col" className="py-2.5 ps-2 font-semibold">
              <span className="sr-only">{t('reports.column.rank')}</span>
              <span aria-hidden="true">#</span>
            </th>
            <th scope="col" className="py-2.5 pe-2 font-semibold">
              {t('reports.column.player')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-center font-semibold max-sm:hidden">
              {t('reports.column.matches')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-center font-semibold max-sm:hidden">
              {t('reports.motmShort')}
            </th>
            <th scope="col" className="px-2 py-2.5 font-semibold max-md:hidden">
              {t('reports.column.best')}
            </th>
            <th scope="col" className="px-2 py-2.5 font-semibold max-md:hidden">
              {t('reports.column.worst')}
            </th>
            <th scope="col" className="px-2 py-2.5 font-semibold">
              {t('reports.column.form')}
            </th>
            <th scope="col" className="py-2.5 pe-3 text-end font-semibold">
              <abbr title={t('reports.averageRatingLabel')} className="no-underline">
                {t('reports.column.avg')}
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
        {t('reports.season.footnote', {
          minimum: table.minimumMatches,
          matches: formatNumber(table.matches),
        })}
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
  const t = useT();
  const label = table.data?.season.label ?? list.find((s) => s.slug === current)?.label ?? null;
  useDocumentTitle(
    label ? t('reports.season.documentTitle', { season: label }) : t('reports.season.documentTitlePending'),
  );

  let body: ReactNode;
  if (seasons.isPending || (current !== null && table.isPending)) {
    body = <ListSkeleton rows={6} label={t('reports.season.loading')} />;
  } else if (seasons.isError && !seasons.data) {
    body = (
      <LoadError
        title={t('reports.loadError.seasons')}
        retrying={seasons.isFetching}
        onRetry={() => void seasons.refetch()}
      />
    );
  } else if (current === null || (table.isError && isNotFound(table.error))) {
    body = (
      <EmptyState
        icon={ListOrdered}
        title={current === null ? t('reports.season.emptyNoSeason') : t('reports.season.emptyNoMatch')}
      >
        <p>{t('reports.season.emptyBody')}</p>
      </EmptyState>
    );
  } else if (table.isError || !table.data) {
    body = (
      <LoadError
        title={t('reports.loadError.seasonTable')}
        retrying={table.isFetching}
        onRetry={() => void table.refetch()}
      />
    );
  } else {
    body = <SeasonTableView table={table.data} />;
  }

  const description = table.data
    ? t('reports.season.description', { count: table.data.matches })
    : t('reports.season.descriptionPending');
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 sm:gap-6">
      <ScreenHeading
        title={label ? t('reports.season.named', { season: label }) : t('reports.season.title')}
        description={description}
        action={list.length > 1 && current ? <SeasonPicker seasons={list} current={current} /> : null}
      />
      {current && table.data ? (
        <Button asChild variant="outline" className="self-start">
          <Link href={`/season/${current}/team`}>
            <Shirt aria-hidden="true" />
            {t('reports.team.seasonLink')}
          </Link>
        </Button>
      ) : null}
      {body}
    </div>
  );
}
