import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import type { MatchStatus } from '@shared/matches';

// Each pairing keeps AA contrast for small bold text on its surface.
const TONES = {
  light: {
    LIVE: 'bg-primary text-primary-foreground',
    'Half Time': 'bg-gold text-foreground',
    'Match Ended': 'bg-secondary text-secondary-foreground',
    'Not Started': 'border border-border bg-muted text-muted-foreground',
  },
  dark: {
    LIVE: 'bg-chrome-accent text-chrome-accent-foreground',
    'Half Time': 'bg-gold text-foreground',
    'Match Ended': 'bg-white/15 text-white',
    'Not Started': 'border border-white/40 text-white',
  },
} as const satisfies Record<string, Record<MatchStatus, string>>;

// The status is a fixed set of values: each is shown in the language being read.
const LABELS = {
  LIVE: 'common.status.live',
  'Half Time': 'common.status.halfTime',
  'Match Ended': 'common.status.ended',
  'Not Started': 'common.status.notStarted',
} as const satisfies Record<MatchStatus, string>;

interface MatchStatusBadgeProps {
  status: MatchStatus;
  /** The card it sits on: the dark match card, or a light card or table. */
  surface?: keyof typeof TONES;
  /**
   * Whether the badge names itself to a screen reader ('Match status: LIVE'). Off where visible text
   * beside it already says what it is.
   */
  named?: boolean;
  className?: string;
}

/** The derived match status ('Half Time', 'LIVE', 'Match Ended' or 'Not Started'), on every screen. */
export function MatchStatusBadge({
  status,
  surface = 'light',
  named = true,
  className,
}: MatchStatusBadgeProps) {
  const t = useT();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-bold tracking-wide',
        TONES[surface][status],
        className,
      )}
    >
      {status === 'LIVE' ? (
        <span className="relative flex size-2" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-current opacity-75 motion-reduce:hidden" />
          <span className="relative inline-flex size-2 rounded-full bg-current" />
        </span>
      ) : null}
      {named ? <span className="sr-only">{t('common.status.label')} </span> : null}
      {t(LABELS[status])}
    </span>
  );
}
