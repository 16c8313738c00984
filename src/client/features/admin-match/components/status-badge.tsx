import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import type { MatchStatus } from '@shared/matches';

const TONES: Record<MatchStatus, string> = {
  LIVE: 'bg-primary text-primary-foreground',
  'Half Time': 'bg-gold text-foreground',
  'Match Ended': 'bg-secondary text-secondary-foreground',
  'Not Started': 'bg-muted text-muted-foreground border border-border',
};

// The status is a fixed set of values: each is shown in the language being read.
const LABEL = {
  LIVE: 'admin-match.status.live',
  'Half Time': 'admin-match.status.halfTime',
  'Match Ended': 'admin-match.status.ended',
  'Not Started': 'admin-match.status.notStarted',
} as const satisfies Record<MatchStatus, string>;

/** The displayed status of 'Half Time', 'LIVE', 'Match Ended' or 'Not Started'. */
export function StatusBadge({ status, className }: { status: MatchStatus; className?: string }) {
  const t = useT();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold whitespace-nowrap',
        TONES[status],
        className,
      )}
    >
      {status === 'LIVE' ? (
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-white" />
      ) : null}
      {t(LABEL[status])}
    </span>
  );
}
