import { buttonVariants } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useAuth } from '@client/lib/auth/auth-context';
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

/** "+1.4", "−0.6", "0.0": the gap between the fan and the crowd, signed. */
function signed(difference: number) {
  if (difference > 0) return `+${difference.toFixed(1)}`;
  if (difference < 0) return `−${Math.abs(difference).toFixed(1)}`;
  return '0.0';
}

function Difference({ value }: { value: number }) {
  return (
    <span
      className={cn(
        'inline-flex min-w-12 justify-center rounded-full px-2 py-0.5 text-xs font-bold tabular-nums',
        value >= 1
          ? 'bg-success-soft text-success'
          : value <= -1
            ? 'bg-primary-soft text-primary-text'
            : 'bg-muted text-muted-foreground',
      )}
    >
      {signed(value)}
    </span>
  );
}

function BiggestDifferences({ history }: { history: UserHistory }) {
  const headingId = useId();
  const list = history.biggestDifferences;
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="px-4 pt-4 sm:px-5">
          <CardTitle id={headingId} className="text-lg">
            Where I differ most
          </CardTitle>
          <p className="text-sm text-muted-foreground">My rating against the crowd’s average</p>
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
                    v {d.opponent}
                  </Link>
                </div>
                <span className="text-sm tabular-nums">
                  <span className="font-bold">{d.myRating}</span>
                  <span className="text-muted-foreground"> vs {d.crowdAverage.toFixed(1)}</span>
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
                  v {match.opponent}
                </Link>
              </CardTitle>
              <span className="shrink-0 text-lg font-black tabular-nums">
                <span className="sr-only">Score: </span>
                {match.score}
              </span>
            </div>
            <p className="text-xs text-muted-foreground">{day}</p>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span>
                My MOTM: <span className="font-semibold">{match.myMotm?.name ?? 'none'}</span>
              </span>
              <span>
                Fans: <span className="font-semibold">{match.crowdMotm?.name ?? 'none'}</span>
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
                  {match.agreed ? 'Agreed' : 'Differed'}
                </span>
              ) : null}
            </p>
          </CardHeader>
          <CardContent className="p-0">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">My ratings against the crowd, v {match.opponent}</caption>
              <thead className="bg-muted/70 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-2 text-left font-semibold sm:px-5">
                    Player
                  </th>
                  <th scope="col" className="px-2 py-2 text-center font-semibold">
                    Mine
                  </th>
                  <th scope="col" className="px-2 py-2 text-center font-semibold">
                    Fans
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold sm:px-5">
                    <span className="sr-only">Difference</span>
                    <span aria-hidden="true">±</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {match.ratings.map((r) => (
                  <tr key={r.playerId} className="border-t border-border">
                    <th scope="row" className="max-w-0 truncate px-4 py-2 text-left font-medium sm:px-5">
                      {r.name}
                    </th>
                    <td className="px-2 py-2 text-center font-bold tabular-nums">{r.myRating}</td>
                    <td className="px-2 py-2 text-center tabular-nums">{r.crowdAverage.toFixed(1)}</td>
                    <td className="px-4 py-2 text-right sm:px-5">
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
  const history = useUserHistory(user?.id ?? null);
  useDocumentTitle('My ratings · Fan ratings');

  let body: ReactNode;
  if (!user) {
    body =
      status === 'pending' ? (
        <ListSkeleton label="Loading your ratings…" />
      ) : (
        <EmptyState
          icon={LogIn}
          title="Sign in to see your ratings"
          action={
            <Link href="/signin" className={buttonVariants()}>
              Sign In
            </Link>
          }
        >
          <p>Your ratings of every match, beside the crowd’s, are kept for you alone.</p>
        </EmptyState>
      );
  } else if (history.isPending) {
    body = <ListSkeleton label="Loading your ratings…" />;
  } else if (history.isError) {
    body = <LoadError what="ratings" retrying={history.isFetching} onRetry={() => void history.refetch()} />;
  } else if (history.data.matches.length === 0) {
    body = (
      <EmptyState
        icon={Star}
        title="Nothing rated yet"
        action={
          <Link href="/" className={buttonVariants()}>
            Go to the live match
          </Link>
        }
      >
        <p>Rate the players during a match: once it ends, your marks appear here beside the crowd’s.</p>
      </EmptyState>
    );
  } else {
    const data = history.data;
    const agreement = data.motmPicks > 0 ? Math.round((data.motmAgreed / data.motmPicks) * 100) : null;
    body = (
      <>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <FigureTile label="Matches" value={formatNumber(data.matches.length)} hint="rated" />
          <FigureTile label="MOTM picks" value={formatNumber(data.motmPicks)} />
          <FigureTile
            label="Agreed"
            value={agreement !== null ? `${agreement}%` : '–'}
            hint={`${formatNumber(data.motmAgreed)} of ${formatNumber(data.motmPicks)}`}
          />
        </dl>
        <BiggestDifferences history={data} />
        <section aria-labelledby="my-matches" className="flex flex-col gap-2">
          <h2 id="my-matches" className="text-lg font-bold">
            Match by match
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
      <ScreenHeading title="My ratings" description="Every match I rated, beside the crowd’s average." />
      {body}
    </div>
  );
}
