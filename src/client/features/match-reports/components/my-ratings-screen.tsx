import { RatingDifference as Difference } from '@client/components/player/rating-difference';
import { buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useAuth } from '@client/lib/auth/auth-context';
import { oneDecimal } from '@client/lib/i18n/figures';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { formatCalendarDay, formatNumber } from '@client/lib/intl-format';
import { MATCH_DAY_STYLE } from '@client/lib/match-format';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';
import type { UserHistory } from '@shared/seasons';
import { Check, LogIn, Star, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { useUserHistory } from '../api/match-reports-api';
import { EmptyState, FigureTile, ListSkeleton, LoadError, ScreenHeading } from './screen-states';
import { ShareMyRatingsButton } from './share-my-ratings-button';

type HistoryMatch = UserHistory['matches'][number];

function BiggestDifferences({ history }: { history: UserHistory }) {
  const t = useT();
  const headingId = useId();
  const list = history.biggestDifferences;
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="px-4 pt-4 sm:px-5">
          <CardTitle id={headingId} className="text-lg">
            {t('reports.myRatings.differTitle')}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{t('reports.myRatings.differDescription')}</p>
        </CardHeader>
        <CardContent className="px-2 pt-2 pb-3 sm:px-3">
          <ol className="flex flex-col gap-0.5">
            {list.map((d) => (
              <li
                key={`${d.matchId}-${d.playerId}`}
                className="flex min-h-12 items-center gap-3 rounded-md px-2 odd:bg-muted/70"
              >
                <div className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-semibold">{d.name}</span>
                  <Link
                    href={`/matches/${d.matchId}`}
                    className="truncate text-xs text-muted-foreground hover:underline"
                  >
                    {t('reports.versusOpponent', { opponent: d.opponent })}
                  </Link>
                </div>
                <span className="text-sm tabular-nums">
                  <Trans
                    id="reports.myRatings.versusCrowd"
                    values={{ mine: formatNumber(d.myRating), average: oneDecimal(d.crowdAverage) }}
                    components={{
                      0: <span className="font-bold" />,
                      1: <span className="text-muted-foreground" />,
                    }}
                  />
                </span>
                <Difference value={d.difference} />
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </section>
  );
}

function MatchRatings({ match }: { match: HistoryMatch }) {
  const t = useT();
  const headingId = useId();
  const day = formatCalendarDay(match.playedOn, MATCH_DAY_STYLE);
  return (
    <li>
      <section aria-labelledby={headingId}>
        <Card className="overflow-hidden">
          <CardHeader className="gap-1 border-b border-border px-4 py-3 sm:px-5">
            <div className="flex items-baseline justify-between gap-3">
              <CardTitle as="h3" id={headingId} className="min-w-0 truncate text-base sm:text-lg">
                <Link href={`/matches/${match.matchId}`} className="hover:underline">
                  {t('reports.versusOpponent', { opponent: match.opponent })}
                </Link>
              </CardTitle>
              <span className="shrink-0 text-lg font-black tabular-nums">
                <span className="sr-only">{t('reports.scoreLabel')} </span>
                <span dir="ltr">{match.score}</span>
              </span>
            </div>
            <p className="text-xs text-muted-foreground">{day}</p>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span>
                <Trans
                  id="reports.myRatings.myMotm"
                  values={{ name: match.myMotm?.name ?? t('reports.myRatings.none') }}
                  components={{ 0: <span className="font-semibold" /> }}
                />
              </span>
              <span>
                <Trans
                  id="reports.myRatings.fansMotm"
                  values={{ name: match.crowdMotm?.name ?? t('reports.myRatings.none') }}
                  components={{ 0: <span className="font-semibold" /> }}
                />
              </span>
              {match.agreed !== null ? (
                <span
                  className={cn(
                    'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold',
                    match.agreed ? 'bg-success-soft text-success' : 'bg-muted text-muted-foreground',
                  )}
                >
                  {match.agreed ? (
                    <Check className="size-3" aria-hidden="true" />
                  ) : (
                    <X className="size-3" aria-hidden="true" />
                  )}
                  {match.agreed ? t('reports.myRatings.agreed') : t('reports.myRatings.differed')}
                </span>
              ) : null}
            </p>
          </CardHeader>
          <CardContent className="p-0">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">
                {t('reports.myRatings.tableCaption', { opponent: match.opponent })}
              </caption>
              <thead className="bg-muted/70 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-2 text-start font-semibold sm:px-5">
                    {t('reports.column.player')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-center font-semibold">
                    {t('reports.myRatings.columnMine')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-center font-semibold">
                    {t('reports.myRatings.columnFans')}
                  </th>
                  <th scope="col" className="px-4 py-2 text-end font-semibold sm:px-5">
                    <span className="sr-only">{t('reports.myRatings.columnDifference')}</span>
                    <span aria-hidden="true">±</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {match.ratings.map((r) => (
                  <tr key={r.playerId} className="border-t border-border">
                    <th scope="row" className="px-4 py-2 text-start font-medium break-words sm:px-5">
                      {r.name}
                    </th>
                    <td className="px-2 py-2 text-center font-bold tabular-nums">{r.myRating}</td>
                    <td className="px-2 py-2 text-center tabular-nums">{oneDecimal(r.crowdAverage)}</td>
                    <td className="px-4 py-2 text-end sm:px-5">
                      <Difference value={r.difference} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="border-t border-border px-4 py-3 sm:px-5">
              <ShareMyRatingsButton matchId={match.matchId} opponent={match.opponent} />
            </div>
          </CardContent>
        </Card>
      </section>
    </li>
  );
}

/** The signed-in fan's own record: every ended match they rated, beside the crowd. */
export function MyRatingsScreen() {
  const { user, status } = useAuth();
  const t = useT();
  const history = useUserHistory(user?.id ?? null);
  useDocumentTitle(t('reports.myRatings.documentTitle'));

  let body: ReactNode;
  if (!user) {
    body =
      status === 'pending' ? (
        <ListSkeleton label={t('reports.myRatings.loading')} />
      ) : (
        <EmptyState
          icon={LogIn}
          title={t('reports.myRatings.signInTitle')}
          action={
            <Link href="/signin" className={buttonVariants()}>
              {t('reports.myRatings.signIn')}
            </Link>
          }
        >
          <p>{t('reports.myRatings.signInBody')}</p>
        </EmptyState>
      );
  } else if (history.isPending) {
    body = <ListSkeleton label={t('reports.myRatings.loading')} />;
  } else if (history.isError) {
    body = (
      <LoadError
        title={t('reports.loadError.ratings')}
        retrying={history.isFetching}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (history.data.matches.length === 0) {
    body = (
      <EmptyState
        icon={Star}
        title={t('reports.myRatings.emptyTitle')}
        action={
          <Link href="/" className={buttonVariants()}>
            {t('reports.myRatings.emptyAction')}
          </Link>
        }
      >
        <p>{t('reports.myRatings.emptyBody')}</p>
      </EmptyState>
    );
  } else {
    const data = history.data;
    const agreement = data.motmPicks > 0 ? Math.round((data.motmAgreed / data.motmPicks) * 100) : null;
    body = (
      <>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <FigureTile
            label={t('reports.column.matches')}
            value={formatNumber(data.matches.length)}
            hint={t('reports.myRatings.matchesHint')}
          />
          <FigureTile label={t('reports.myRatings.motmPicks')} value={formatNumber(data.motmPicks)} />
          <FigureTile
            label={t('reports.myRatings.agreedTile')}
            value={agreement !== null ? t('reports.percent', { value: formatNumber(agreement) }) : '–'}
            hint={t('reports.myRatings.agreedHint', {
              agreed: formatNumber(data.motmAgreed),
              picks: formatNumber(data.motmPicks),
            })}
          />
        </dl>
        <BiggestDifferences history={data} />
        <section aria-labelledby="my-matches" className="flex flex-col gap-2">
          <h2 id="my-matches" className="text-lg font-bold">
            {t('reports.myRatings.matchByMatch')}
          </h2>
          <ol className="flex flex-col gap-3">
            {data.matches.map((m) => (
              <MatchRatings key={m.matchId} match={m} />
            ))}
          </ol>
        </section>
      </>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 sm:gap-6">
      <ScreenHeading title={t('reports.myRatings.title')} description={t('reports.myRatings.description')} />
      {body}
    </div>
  );
}
