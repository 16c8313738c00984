import { MatchHero, MatchHeroPill } from '@client/components/match/match-hero';
import { MatchStatusBadge } from '@client/components/match/match-status-badge';
import { useT } from '@client/lib/i18n/use-t';
import { formatKickOff, formatMatchDate } from '@client/lib/match-format';
import type { Match } from '@shared/matches';
import { hasEnded } from '@shared/rules';
import { CalendarClock, Flag, Lock, OctagonX } from 'lucide-react';
import { VotingCountdown } from './voting-countdown';

/**
 * The match being rated: the screen's h1, with tournament, date, kick-off, score, venue and status; after
 * full time, the countdown to the vote's close; a postponed or called-off match says so.
 */
export function CurrentMatchCard({ match }: { match: Match }) {
  const t = useT();
  const votingWindow = match.isLive && match.fullTimeAt !== null && match.votingClosesAt !== null;
  return (
    <MatchHero
      titleId="current-match-title"
      match={match}
      day={formatMatchDate(match.scheduledDate)}
      kickOff={t('voting.match.kickOff', { time: formatKickOff(match.kickOffTime) })}
      badges={
        <>
          {hasEnded(match) ? (
            <MatchHeroPill icon={Lock}>{t('voting.match.votingEnded')}</MatchHeroPill>
          ) : null}
          {votingWindow ? <MatchHeroPill icon={Flag}>{t('voting.match.fullTime')}</MatchHeroPill> : null}
          {match.feedNote === 'postponed' && !match.isLive ? (
            <MatchHeroPill icon={CalendarClock}>{t('voting.match.postponed')}</MatchHeroPill>
          ) : null}
          {match.feedNote === 'called-off' ? (
            <MatchHeroPill icon={OctagonX}>{t('voting.match.calledOff')}</MatchHeroPill>
          ) : null}
          {/* The ball has stopped: the LIVE badge would say otherwise while the vote stays open. */}
          <MatchStatusBadge status={votingWindow ? 'Match Ended' : match.status} surface="dark" />
        </>
      }
    >
      {votingWindow ? (
        <li className="basis-full pt-1">
          <VotingCountdown closesAt={match.votingClosesAt as string} />
        </li>
      ) : null}
    </MatchHero>
  );
}
