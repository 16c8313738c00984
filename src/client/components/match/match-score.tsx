import { useT } from '@client/lib/i18n/use-t';
import { parseScore } from '@client/lib/match-format';
import { cn } from '@client/lib/utils';

interface MatchScoreProps {
  match: { score: string; homeScore: number; awayScore: number };
  /** The figures' size and spacing. */
  className?: string;
  /** The dash's size, smaller than the figures. */
  dashClassName?: string;
}

/** Home then away, left to right in every language, as scores are read, and said as 'Score: 2 to 1'. */
export function MatchScore({ match, className, dashClassName }: MatchScoreProps) {
  const t = useT();
  const [home, away] = parseScore(match);
  return (
    <p dir="ltr" className={cn('flex shrink-0 items-center font-black tabular-nums', className)}>
      <span className="sr-only">{t('common.match.score')} </span>
      <span>{home}</span>
      <span aria-hidden="true" className={cn('text-white/60', dashClassName)}>
        –
      </span>
      <span className="sr-only"> {t('common.match.scoreTo')} </span>
      <span>{away}</span>
    </p>
  );
}
