import { MatchHero, MatchHeroFact, MatchHeroPill } from '@client/components/match/match-hero';
import { PlayerAvatar } from '@client/components/player/player-avatar';
import { RankBadge } from '@client/components/player/rank-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useAuth } from '@client/lib/auth/auth-context';
import { isolateLtr, oneDecimal, shirtNumber } from '@client/lib/i18n/figures';
import { positionName } from '@client/lib/i18n/positions';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { formatCalendarDay, formatNumber } from '@client/lib/intl-format';
import { MATCH_DAY_STYLE } from '@client/lib/match-format';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { competitionRanks } from '@shared/competition-ranks';
import type { MatchReport, ReportPlayer } from '@shared/match-reports';
import { CalendarX2, Star, Trophy } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { useMatchReport, useUserHistory } from '../api/match-reports-api';
import { MiniDistribution } from './form-line';
import { BackLink, EmptyState, FigureTile, isNotFound, LoadError } from './screen-states';
import { ShareMatchButton } from './share-match-button';
import { ShareMyRatingsButton } from './share-my-ratings-button';

function ReportHero({ report }: { report: MatchReport }) {
  const t = useT();
  return (
    <MatchHero
      titleId="report-title"
      match={report.match}
      day={formatCalendarDay(report.match.playedOn, MATCH_DAY_STYLE)}
      badges={<MatchHeroPill>{t('reports.report.fullTime')}</MatchHeroPill>}
    >
      <MatchHeroFact>{t('reports.season.named', { season: report.season })}</MatchHeroFact>
    </MatchHero>
  );
}

function MotmSummary({ report }: { report: MatchReport }) {
  const t = useT();
  const motm = report.motm;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="overflow-hidden">
        <CardHeader className="flex-row items-center gap-2 px-4 pt-4 sm:px-5">
          <Trophy className="size-5 text-primary-text" aria-hidden="true" />
          <CardTitle id={headingId} className="text-lg">
            {t('reports.motm')}
          </CardTitle>
        </CardHeader>
        <CardContent className="px-4 pt-3 pb-4 sm:px-5">
          {motm ? (
            <div className="flex items-center gap-4">
              <PlayerAvatar
                name={motm.player.name}
                image={motm.player.image}
                portraitUrl={motm.player.portraitUrl}
                size="lg"
              />
              <div className="flex min-w-0 flex-col gap-1">
                <Link
                  href={`/players/${motm.player.id}`}
                  className="truncate text-xl font-extrabold hover:underline sm:text-2xl"
                >
                  {motm.player.name}
                </Link>
                <p className="text-sm text-muted-foreground">{positionName(motm.player.position)}</p>
                <p className="text-sm">
                  <Trans
                    id="reports.report.motmShare"
                    values={{ percentage: formatNumber(motm.percentage), count: report.totalVotes }}
                    components={{ 0: <span className="text-lg font-extrabold tabular-nums" /> }}
                  />
                </p>
                {motm.tiedWith.length > 0 ? (
                  <p className="text-sm text-muted-foreground">
                    {t('reports.report.levelWith', { names: motm.tiedWith.map((p) => p.name).join(', ') })}
                  </p>
                ) : null}
              </div>
            </div>
          ) : (
            <p className="text-[0.9375rem] text-muted-foreground">{t('reports.report.noMotm')}</p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

type GroundFigures = NonNullable<MatchReport['ground']>['players'][number];

/**
 * The ground's average of a player, beside everyone's: the number alone, so a phone keeps the names (the
 * card says how many fans it rests on); a dash where no fan at the ground rated them.
 */
function GroundFigure({ figures }: { figures: GroundFigures | undefined }) {
  const t = useT();
  return (
    <p
      className="w-12 shrink-0 text-end text-lg font-bold leading-tight tabular-nums text-primary-text"
      data-testid="ground-average"
    >
      <span className="sr-only">{t('reports.report.ground.average')} </span>
      {figures ? oneDecimal(figures.averageRating) : '–'}
    </p>
  );
}

function ReportRow({
  player,
  rank,
  ground,
}: {
  player: ReportPlayer;
  rank: number;
  /** Set when the report has a ground verdict: the player's figures there, if any. */
  ground?: { figures: GroundFigures | undefined };
}) {
  const t = useT();
  const meta = [
    positionName(player.position),
    player.jerseyNumber !== null ? shirtNumber(player.jerseyNumber) : null,
    player.isSubstitute ? t('reports.report.sub') : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      className={`relative flex items-center gap-3 rounded-md px-2 py-2 ${rank === 1 ? 'bg-gold/15' : 'odd:bg-muted/70'}`}
    >
      <RankBadge rank={rank} />
      <PlayerAvatar name={player.name} image={player.image} portraitUrl={player.portraitUrl} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {/* The name's link covers the row, so the whole line opens the player's page. */}
        <Link
          href={`/players/${player.id}`}
          className="truncate font-semibold leading-snug after:absolute after:inset-0 after:rounded-md hover:underline"
        >
          {player.name}
        </Link>
        {/* The spread sits under the name, so a phone keeps the whole name on one line. */}
        <div className="flex min-w-0 items-center gap-2">
          <MiniDistribution counts={player.counts} name={player.name} />
          <p className="truncate text-xs text-muted-foreground">{meta}</p>
        </div>
      </div>
      <div className="flex w-16 shrink-0 flex-col items-end">
        <p className="text-lg font-extrabold leading-tight tabular-nums">
          <span className="sr-only">{t('reports.averageRatingLabel')} </span>
          {oneDecimal(player.averageRating)}
        </p>
        <p className="text-xs text-muted-foreground tabular-nums">
          {t('reports.ratingCount', { count: player.ratingCount })}
        </p>
      </div>
      {ground ? <GroundFigure figures={ground.figures} /> : null}
    </li>
  );
}

function ReportPlayers({ report }: { report: MatchReport }) {
  const t = useT();
  const headingId = useId();
  const ranks = competitionRanks(report.players.map((p) => p.averageRating));
  const ground = report.ground;
  const atGround = new Map(ground?.players.map((p) => [p.id, p]));
  return (
    <section aria-labelledby={headingId}>
      <Card className="overflow-hidden">
        <CardHeader className="flex-row items-center gap-2 border-b border-border px-4 py-4 sm:px-5">
          <Star className="size-5 text-primary-text" aria-hidden="true" />
          <div className="flex min-w-0 flex-col">
            <CardTitle id={headingId} className="text-lg leading-tight">
              {t('reports.report.playersTitle')}
            </CardTitle>
            <p className="text-sm text-muted-foreground">{t('reports.report.playersDescription')}</p>
            {ground ? (
              <p className="text-sm text-muted-foreground" data-testid="ground-summary">
                {t('reports.report.ground.summary', { count: ground.raters })}
              </p>
            ) : null}
          </div>
        </CardHeader>
        <CardContent className="p-2 sm:p-3">
          {ground && report.players.length > 0 ? (
            <div
              aria-hidden="true"
              className="flex justify-end gap-3 px-2 pb-1 text-xs font-semibold text-muted-foreground"
            >
              <span className="w-16 text-end">{t('reports.report.ground.everyone')}</span>
              <span className="w-12 text-end text-primary-text">{t('reports.report.ground.atGround')}</span>
            </div>
          ) : null}
          {report.players.length === 0 ? (
            <p className="px-3 py-6 text-center text-muted-foreground">{t('reports.report.noPlayers')}</p>
          ) : (
            <ol className="flex flex-col gap-0.5">
              {report.players.map((player, index) => (
                <ReportRow
                  key={player.id}
                  player={player}
                  rank={ranks[index] ?? index + 1}
                  ground={ground ? { figures: atGround.get(player.id) } : undefined}
                />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function ReportSkeleton() {
  const t = useT();
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{t('reports.report.loading')}</span>
      <Skeleton aria-hidden="true" className="h-36 w-full rounded-lg" />
      <Skeleton aria-hidden="true" className="h-20 w-full rounded-lg" />
      <Skeleton aria-hidden="true" className="h-96 w-full rounded-lg" />
    </div>
  );
}

/** An ended match's public page: the result, the fans' Man of the Match and every player's ratings. */
export function MatchReportScreen({ matchId }: { matchId: number }) {
  const t = useT();
  const report = useMatchReport(matchId);
  const { user } = useAuth();
  const history = useUserHistory(user?.id ?? null);
  const rated = history.data?.matches.some((m) => m.matchId === matchId) ?? false;
  useDocumentTitle(
    report.data
      ? t('reports.report.documentTitle', {
          title: report.data.match.title,
          score: isolateLtr(report.data.match.score),
        })
      : t('reports.report.documentTitlePending'),
  );

  let body: ReactNode;
  if (report.isPending) {
    body = <ReportSkeleton />;
  } else if (report.isError) {
    body = isNotFound(report.error) ? (
      <EmptyState icon={CalendarX2} title={t('reports.report.notFoundTitle')} level="h1">
        <p>{t('reports.report.notFoundBody')}</p>
      </EmptyState>
    ) : (
      <LoadError
        title={t('reports.loadError.match')}
        retrying={report.isFetching}
        onRetry={() => void report.refetch()}
      />
    );
  } else {
    const data = report.data;
    body = (
      <>
        <ReportHero report={data} />
        <div className="flex flex-wrap gap-2">
          <ShareMatchButton matchId={matchId} title={`${data.match.title} ${data.match.score}`} />
          {rated ? <ShareMyRatingsButton matchId={matchId} opponent={data.match.opponent} /> : null}
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
          <FigureTile label={t('reports.report.figures.raters')} value={formatNumber(data.raters)} />
          <FigureTile label={t('reports.report.figures.ratings')} value={formatNumber(data.totalRatings)} />
          <FigureTile label={t('reports.report.figures.finalVotes')} value={formatNumber(data.totalVotes)} />
          <FigureTile
            label={t('reports.report.figures.completion')}
            value={t('reports.percent', { value: formatNumber(data.completion) })}
            hint={t('reports.report.figures.completionHint')}
          />
        </dl>
        <p className="text-muted-foreground text-sm" data-testid="report-basis">
          {t('results.basis', { fans: data.raters, heldBack: data.heldBack })}
        </p>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <MotmSummary report={data} />
          <ReportPlayers report={data} />
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <BackLink href="/matches">{t('reports.report.backToMatches')}</BackLink>
      {body}
    </div>
  );
}
