import { MatchHero, MatchHeroPill } from '@client/components/match/match-hero';
import { MatchStatusBadge } from '@client/components/match/match-status-badge';
import { useT } from '@client/lib/i18n/use-t';
import { formatKickOff, formatMatchDate } from '@client/lib/match-format';
import type { Match } from '@shared/matches';
import { hasEnded } from '@shared/rules';
import { Lock } from 'lucide-react';

/** The match being rated: the screen's h1, with tournament, date, kick-off, score, venue and status. */
export function CurrentMatchCard({ match }: { match: Match }) {
  const t = useT();
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
          <MatchStatusBadge status={match.status} surface="dark" />
        </>
      }
    />
  );
}
