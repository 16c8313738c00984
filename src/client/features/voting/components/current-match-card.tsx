import { useT } from '@client/lib/i18n/use-t';
import { formatKickOff, formatMatchDate, parseScore } from '@client/lib/match-format';
import { DEFAULT_TOURNAMENT } from '@shared/domain';
import type { Match } from '@shared/matches';
import { hasEnded } from '@shared/rules';
import { CalendarDays, Clock, Lock, MapPin, Trophy } from 'lucide-react';
import { MatchStatusBadge } from './match-status-badge';

/** The match being rated: the screen's h1, with tournament, date, kick-off, score, venue and status. */
export function CurrentMatchCard({ match }: { match: Match }) {
  const t = useT();
  const date = formatMatchDate(match.scheduledDate);
  const [home, away] = parseScore(match);
  const votingEnded = hasEnded(match);
  const tournament = match.tournament || DEFAULT_TOURNAMENT;

  return (
    <section
      aria-labelledby="current-match-title"
      className="surface-dark overflow-hidden rounded-lg bg-[linear-gradient(135deg,#1a1a1a_0%,#2b0d0a_55%,#5a120c_100%)] text-white shadow-md"
    >
      <div className="flex flex-col gap-2.5 p-4 sm:gap-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-2.5 py-1 text-xs font-semibold text-gold">
            <Trophy className="size-3.5" aria-hidden="true" />
            {tournament}
          </span>
          <div className="flex flex-wrap items-center gap-2">
            {votingEnded ? (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-1 text-xs font-bold text-foreground">
                <Lock className="size-3.5" aria-hidden="true" />
                {t('voting.match.votingEnded')}
              </span>
            ) : null}
            <MatchStatusBadge status={match.status} />
          </div>
        </div>

        {/* On a phone the title and the score share a line, so the players start on the first screen. */}
        <div className="flex items-center justify-between gap-3">
          <h1
            id="current-match-title"
            className="min-w-0 text-lg leading-tight font-extrabold tracking-tight break-words sm:text-3xl"
          >
            {match.title}
          </h1>
          {/* Home then away, left to right in every language, as scores are read. */}
          <p
            dir="ltr"
            className="flex shrink-0 items-center gap-2 text-4xl font-black tabular-nums sm:gap-3 sm:text-6xl"
          >
            <span className="sr-only">{t('voting.match.score')} </span>
            <span>{home}</span>
            <span aria-hidden="true" className="text-2xl text-white/60 sm:text-4xl">
              –
            </span>
            <span className="sr-only"> {t('voting.match.scoreTo')} </span>
            <span>{away}</span>
          </p>
        </div>

        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-chrome-muted sm:gap-x-5 sm:gap-y-1.5 sm:text-sm">
          {date ? (
            <li className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-3.5 sm:size-4" aria-hidden="true" />
              <span className="sr-only">{t('voting.match.date')} </span>
              {date}
            </li>
          ) : null}
          <li className="inline-flex items-center gap-1.5">
            <Clock className="size-3.5 sm:size-4" aria-hidden="true" />
            <span>{t('voting.match.kickOff', { time: formatKickOff(match.kickOffTime) })}</span>
          </li>
          {match.venue ? (
            <li className="inline-flex items-center gap-1.5">
              <MapPin className="size-3.5 sm:size-4" aria-hidden="true" />
              <span className="sr-only">{t('voting.match.venue')} </span>
              {match.venue}
            </li>
          ) : null}
        </ul>
      </div>
    </section>
  );
}
