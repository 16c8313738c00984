import { MatchStatusBadge } from '@client/components/match/match-status-badge';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { useCompanyName } from '@client/lib/branding/get-customization';
import { useT } from '@client/lib/i18n/use-t';
import { formatCalendarDay, formatClockTime } from '@client/lib/intl-format';
import { MATCH_DAY_STYLE, parseScore } from '@client/lib/match-format';
import type { Match } from '@shared/matches';
import { CalendarDays, Clock, MapPin, Radio, Trophy } from 'lucide-react';
import { useAdminCurrentMatch } from '../api/match-queries';
import { useUpdateMatch, useUpdateScore } from '../api/update-match';
import { useChangeMatchState } from '../hooks/use-change-match-state';
import { ClearPlayersButton } from './clear-players-button';
import { MatchStateControl } from './match-state-control';
import { ScoreControl } from './score-control';

function MatchFacts({ match }: { match: Match }) {
  const t = useT();
  const date = formatCalendarDay(match.scheduledDate, MATCH_DAY_STYLE);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-lg leading-tight font-bold">{match.title}</h3>
      <dl className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-muted-foreground">
        <div className="inline-flex items-center gap-1.5">
          <Trophy className="size-4" aria-hidden="true" />
          <dt className="sr-only">{t('admin-match.facts.tournament')}</dt>
          <dd>{match.tournament}</dd>
        </div>
        <div className="inline-flex items-center gap-1.5">
          <MapPin className="size-4" aria-hidden="true" />
          <dt className="sr-only">{t('admin-match.facts.venue')}</dt>
          <dd>{match.venue}</dd>
        </div>
        {date ? (
          <div className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            <dt className="sr-only">{t('admin-match.facts.date')}</dt>
            <dd>{date}</dd>
          </div>
        ) : null}
        <div className="inline-flex items-center gap-1.5">
          <Clock className="size-4" aria-hidden="true" />
          <dt>{t('admin-match.facts.kickOff')}</dt>
          <dd>{formatClockTime(match.kickOffTime)}</dd>
        </div>
      </dl>
    </div>
  );
}

interface LiveMatchControlProps {
  notificationsEnabled: boolean;
}

/** 'Live Match Control': the current match's facts, score, status and state, or 'No Active Match'. */
export function LiveMatchControl({ notificationsEnabled }: LiveMatchControlProps) {
  const t = useT();
  const company = useCompanyName();
  const { data: match, isPending, isError, refetch } = useAdminCurrentMatch();
  const state = useChangeMatchState(match, notificationsEnabled);
  const halfTime = useUpdateMatch();
  const score = useUpdateScore(() =>
    toast({
      variant: 'destructive',
      title: t('admin-match.live.scoreNotUpdated'),
      description: t('admin-match.live.scoreFailed'),
    }),
  );
  const current = match ?? null;
  const disabled = !current || state.isPending || halfTime.isPending;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 pb-0 sm:p-6 sm:pb-0">
        <div className="flex flex-col gap-1">
          <CardTitle className="flex items-center gap-2">
            <Radio className="size-5 text-primary-text" aria-hidden="true" />
            {t('admin-match.live.title')}
          </CardTitle>
          <CardDescription>{t('admin-match.live.description')}</CardDescription>
        </div>
        {current ? (
          <p className="flex items-center gap-2 text-sm font-semibold">
            <span className="text-muted-foreground">{t('admin-match.live.status')}</span>
            <MatchStatusBadge status={current.status} named={false} />
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-6 p-4 sm:p-6 md:grid-cols-2 md:gap-8">
        <div className="flex min-w-0 flex-col gap-5">
          {isPending ? (
            <div className="flex flex-col gap-3" aria-hidden="true">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-5 w-full" />
            </div>
          ) : isError ? (
            <Alert title={t('admin-match.live.loadFailed')}>
              <Button variant="link" onClick={() => void refetch()}>
                {t('admin-match.tryAgain')}
              </Button>
            </Alert>
          ) : current ? (
            <MatchFacts match={current} />
          ) : (
            <div className="flex flex-col gap-1 rounded-md border border-dashed border-input p-4 text-center">
              <h3 className="text-lg font-bold">{t('admin-match.live.noMatchTitle')}</h3>
              <p className="text-sm text-muted-foreground">{t('admin-match.live.noMatchHint')}</p>
            </div>
          )}
          <ScoreControl
            score={current ? parseScore(current) : [0, 0]}
            homeTeam={current ? company : undefined}
            awayTeam={current?.opponent}
            disabled={!current}
            onStep={(side, delta) => {
              if (current) score.step(current, side, delta);
            }}
          />
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <MatchStateControl
            match={current}
            disabled={disabled}
            onChange={state.change}
            onHalfTimeChange={(isHalfTime) => {
              if (!current) return;
              halfTime.mutate(
                { id: current.id, body: { isHalfTime } },
                {
                  onError: () =>
                    toast({
                      variant: 'destructive',
                      title: t('admin-match.matchNotUpdated'),
                      description: t('admin-match.live.halfTimeFailed'),
                    }),
                },
              );
            }}
          />
          <div className="border-t border-border pt-5">
            <ClearPlayersButton disabled={!current} notificationsEnabled={notificationsEnabled} />
          </div>
          {state.confirmDialog}
        </div>
      </CardContent>
    </Card>
  );
}
