import { Card } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { Trophy } from 'lucide-react';
import { useId } from 'react';
import { SubmitVoteButton } from './submit-vote-button';
import {
  missingText,
  NextToRate,
  PROGRESS_HINT,
  ProgressAnnouncement,
  SubmitVote,
  VOTING_PROGRESS_ID,
  type VoteStatus,
} from './voting-progress-card';

// Wide screens only (a phone has the bar): kept out of the first load, which a phone makes most.

function MotmLine({ motmName }: { motmName: string | null }) {
  const t = useT();
  return (
    <p className="flex items-center gap-2 text-sm">
      <Trophy className="size-4 shrink-0 text-foreground" aria-hidden="true" />
      <span className="text-muted-foreground">{t('voting.progress.motmLabel')}</span>
      <span className={cn('min-w-0 truncate font-semibold', !motmName && 'text-muted-foreground')}>
        {motmName ?? t('voting.progress.notSelected')}
      </span>
    </p>
  );
}

/** The Voting Progress card: completed/total, bar, hint, the MOTM pick and 'Submit Vote'. */
export function VotingProgressCard(status: VoteStatus & { className?: string }) {
  const t = useT();
  const titleId = useId();
  const missingId = useId();
  const { completed, total, motmName, className } = status;
  const missing = missingText(status, t);
  return (
    <Card
      id={VOTING_PROGRESS_ID}
      aria-labelledby={titleId}
      role="region"
      className={cn('flex scroll-mt-4 flex-col gap-3 p-4 sm:p-5', className)}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={titleId} className="text-base font-bold">
          {t('voting.progress.title')}
        </h3>
        <p className="text-sm font-semibold tabular-nums">
          <Trans
            id="voting.progress.cardCount"
            values={{ completed, total }}
            components={{
              0: <span dir="ltr" />,
              1: <span className="text-lg font-extrabold" />,
              2: <span className="sr-only" />,
            }}
          />
        </p>
      </div>
      <Progress value={completed} max={total} aria-label={t('voting.progress.barLabel')} />
      <ProgressAnnouncement completed={completed} total={total} />
      <p className="text-sm text-muted-foreground">{t(PROGRESS_HINT)}</p>
      <NextToRate status={status} className="-my-2" />
      <MotmLine motmName={motmName} />
      <SubmitVote status={status} describedBy={missing ? missingId : undefined} />
      {missing ? (
        <p id={missingId} className="text-center text-xs text-muted-foreground">
          {missing}
        </p>
      ) : null}
    </Card>
  );
}

/** The second submit card after the players, on medium screens and up only. */
export function SubmitFinalVoteCard(status: VoteStatus & { className?: string }) {
  const t = useT();
  const titleId = useId();
  const { completed, total, motmName, state, canSubmit, onSubmit, className } = status;
  return (
    <Card
      aria-labelledby={titleId}
      role="region"
      className={cn('hidden flex-col gap-4 p-5 md:flex md:flex-row md:items-center', className)}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 id={titleId} className="text-base font-bold">
          {t('voting.submit.submitFinalVote')}
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans
            id="voting.final.ratedCount"
            values={{ completed, total }}
            components={{ 0: <span dir="ltr" className="font-semibold text-foreground tabular-nums" /> }}
          />{' '}
          {state === 'submitted' ? t('voting.final.recorded') : t('voting.final.finalOnce')}
        </p>
        <MotmLine motmName={motmName} />
      </div>
      <SubmitVoteButton
        label={t('voting.submit.submitFinalVote')}
        state={state}
        canSubmit={canSubmit}
        onSubmit={onSubmit}
        className="md:w-auto md:min-w-52"
      />
    </Card>
  );
}
