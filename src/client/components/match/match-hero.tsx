import { useT } from '@client/lib/i18n/use-t';
import { DEFAULT_TOURNAMENT } from '@shared/domain';
import { CalendarDays, Clock, type LucideIcon, MapPin, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { MatchScore } from './match-score';

interface HeroMatch {
  title: string;
  tournament: string;
  venue: string;
  score: string;
  homeScore: number;
  awayScore: number;
}

interface MatchHeroProps {
  /** The id of the h1, for the section's name. */
  titleId: string;
  match: HeroMatch;
  /** The day, already formatted; nothing when the match has none. */
  day: string | null;
  /** The kick-off, already in words ('Kick-off 3:00 PM'), said after the day. */
  kickOff?: string;
  /** The status pills, on the tournament's line. */
  badges: ReactNode;
  /** Facts after the venue (a season), as `MatchHeroFact`s. */
  children?: ReactNode;
}

/** One fact under the title, with its icon and a label a screen reader says before it. */
export function MatchHeroFact({
  icon: Icon,
  label,
  children,
}: {
  icon?: LucideIcon;
  label?: string;
  children: ReactNode;
}) {
  return (
    <li className="inline-flex items-center gap-1.5">
      {Icon ? <Icon className="size-3.5 sm:size-4" aria-hidden="true" /> : null}
      {label ? <span className="sr-only">{label} </span> : null}
      {children}
    </li>
  );
}

/** A white pill on the match card: 'Voting Ended', 'Full time'. */
export function MatchHeroPill({ icon: Icon, children }: { icon?: LucideIcon; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-white px-2.5 py-1 text-xs font-bold text-foreground">
      {Icon ? <Icon className="size-3.5" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}

/**
 * The dark match card that heads a match's screen (the one being rated, or a past match's report): the
 * screen's h1 with the score, the tournament and status pills above, the day, venue and more below.
 */
export function MatchHero({ titleId, match, day, kickOff, badges, children }: MatchHeroProps) {
  const t = useT();
  return (
    <section
      aria-labelledby={titleId}
      className="surface-dark overflow-hidden rounded-lg hero-gradient text-white shadow-md"
    >
      <div className="flex flex-col gap-2.5 p-4 sm:gap-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-2.5 py-1 text-xs font-semibold text-gold">
            <Trophy className="size-3.5" aria-hidden="true" />
            {match.tournament || DEFAULT_TOURNAMENT}
          </span>
          <div className="flex flex-wrap items-center gap-2">{badges}</div>
        </div>

        {/* On a phone the title and the score share a line, so the players start on the first screen. */}
        <div className="flex items-center justify-between gap-3">
          <h1
            id={titleId}
            className="min-w-0 text-lg leading-tight font-extrabold tracking-tight break-words sm:text-3xl"
          >
            {match.title}
          </h1>
          <MatchScore
            match={match}
            className="gap-2 text-4xl sm:gap-3 sm:text-6xl"
            dashClassName="text-2xl sm:text-4xl"
          />
        </div>

        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-chrome-muted sm:gap-x-5 sm:gap-y-1.5 sm:text-sm">
          {day ? (
            <MatchHeroFact icon={CalendarDays} label={t('common.match.date')}>
              {day}
            </MatchHeroFact>
          ) : null}
          {kickOff ? <MatchHeroFact icon={Clock}>{kickOff}</MatchHeroFact> : null}
          {match.venue ? (
            <MatchHeroFact icon={MapPin} label={t('common.match.venue')}>
              {match.venue}
            </MatchHeroFact>
          ) : null}
          {children}
        </ul>
      </div>
    </section>
  );
}
