import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import type { MatchStatus } from '@shared/matches';

const STYLES: Record<MatchStatus, string> = {
  LIVE: 'bg-primary text-white',
  'Half Time': 'bg-gold text-foreground',
  'Match Ended': 'bg-white/15 text-white',
  'Not Started': 'border border-white/40 text-white',
};

const LABELS = {
  LIVE: 'voting.status.live',
  'Half Time': 'voting.status.halfTime',
  'Match Ended': 'voting.status.ended',
  'Not Started': 'voting.status.notStarted',
} as const satisfies Record<MatchStatus, string>;

/** The derived match status, on the dark match card. */
export function MatchStatusBadge({ status }: { status: MatchStatus }) {
  const t = useT();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold tracking-wide',
        STYLES[status],
      )}
    >
      {status === 'LIVE' ? (
        <span className="relative flex size-2" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-white opacity-75 motion-reduce:hidden" />
          <span className="relative inline-flex size-2 rounded-full bg-white" />
        </span>
      ) : null}
      <span className="sr-only">{t('voting.status.label')} </span>
      {t(LABELS[status])}
    </span>
  );
}
