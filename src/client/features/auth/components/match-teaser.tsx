import { MatchScore } from '@client/components/match/match-score';
import { MatchStatusBadge } from '@client/components/match/match-status-badge';
import { buttonVariants } from '@client/components/ui/button';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { formatKickOff, formatMatchDate } from '@client/lib/match-format';
import { currentMatchQueryOptions } from '@client/lib/match-queries';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChartNoAxesColumn, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { teaserPhase } from '../utils/match-teaser-phase';

/** A visitor's view of the match follows it a minute behind at most, and only while the page is seen. */
const REFRESH_MS = 60_000;
const TITLE_ID = 'home-match-title';

function TeaserCard({ top, score, children }: { top: ReactNode; score?: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-labelledby={TITLE_ID}
      className="flex w-full max-w-md flex-col gap-2 rounded-lg border border-white/15 bg-white/5 p-3.5 text-start shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col items-start gap-1.5">{top}</div>
        {score}
      </div>
      {children}
    </section>
  );
}

function Title({ children }: { children: ReactNode }) {
  return (
    <h2 id={TITLE_ID} className="text-base leading-snug font-bold break-words text-white">
      {children}
    </h2>
  );
}

/** Brings the sign-in form's email field into view and puts the cursor in it. */
function focusField(id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
}

/**
 * The current match on the visitor's home: live (score, and the way to sign in and rate), next (day and
 * kick-off), or just over (score, and the fans' ratings). Nothing while it loads, on an error or when there
 * is no match: the home is whole without it.
 */
export function MatchTeaser({ signInFieldId }: { signInFieldId: string }) {
  const t = useT();
  const { data: match } = useQuery({
    ...currentMatchQueryOptions(),
    refetchInterval: REFRESH_MS,
    // Back after a while away (another tab, a locked phone), the visitor gets the match as it is now.
    staleTime: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const phase = match ? teaserPhase(match) : null;
  if (!match || !phase) return null;

  if (phase === 'live') {
    // After full time the vote stays open a while: the ball has stopped, the rating has not.
    const votingWindow = match.fullTimeAt !== null && match.votingClosesAt !== null;
    return (
      <TeaserCard
        top={
          <>
            <MatchStatusBadge status={votingWindow ? 'Match Ended' : match.status} surface="dark" />
            <Title>{match.title}</Title>
          </>
        }
        score={<MatchScore match={match} className="gap-1.5 text-3xl" dashClassName="text-xl" />}
      >
        <p className="text-sm text-chrome-muted">
          <Trans
            id="auth.home.matchLiveRating"
            components={{
              0: (
                <button
                  type="button"
                  onClick={() => focusField(signInFieldId)}
                  className="cursor-pointer font-semibold text-white underline underline-offset-4 hover:text-gold"
                />
              ),
            }}
          />
        </p>
      </TeaserCard>
    );
  }

  if (phase === 'upcoming') {
    const day = formatMatchDate(match.scheduledDate);
    return (
      <TeaserCard top={<Title>{t('auth.home.matchNext', { title: match.title })}</Title>}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-white/90">
          {day ? (
            <li className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('common.match.date')} </span>
              {day}
            </li>
          ) : null}
          <li className="inline-flex items-center gap-1.5">
            <Clock className="size-4" aria-hidden="true" />
            {t('auth.home.matchKickOff', { time: formatKickOff(match.kickOffTime) })}
          </li>
        </ul>
        <p className="text-sm text-chrome-muted">{t('auth.home.matchVotingOpens')}</p>
      </TeaserCard>
    );
  }

  return (
    <TeaserCard
      top={<Title>{t('auth.home.matchFullTime', { title: match.title })}</Title>}
      score={<MatchScore match={match} className="gap-1.5 text-3xl" dashClassName="text-xl" />}
    >
      <Link
        href={`/matches/${match.id}`}
        className={buttonVariants({ variant: 'chrome', size: 'sm', className: 'self-start' })}
      >
        <ChartNoAxesColumn aria-hidden="true" />
        {t('auth.home.matchSeeRatings')}
      </Link>
    </TeaserCard>
  );
}
