import { Progress } from '@client/components/ui/progress';
import { cn } from '@client/lib/utils';
import { Trophy } from 'lucide-react';
import { useId } from 'react';
import type { SubmitState } from '../api/submit-vote';
import { SubmitVoteButton } from './submit-vote-button';

export const VOTING_PROGRESS_ID = 'voting-progress';
export const SUBMIT_VOTE_BUTTON_ID = 'submit-vote';

export const PROGRESS_HINT = 'Rate all selected players and Manager, then select Man of the Match to submit.';

export interface VoteStatus {
  completed: number;
  total: number;
  motmName: string | null;
  /** The match is live: ratings and the vote are taken. */
  votingOpen: boolean;
  state: SubmitState;
  canSubmit: boolean;
  onSubmit: () => void;
}

/** What is still missing before the vote can go in, for the fan and for the button's description. */
export function missingText({ completed, total, motmName, votingOpen, state }: VoteStatus): string | null {
  if (state !== 'idle') return null;
  if (!votingOpen) return 'Voting is not open right now.';
  const left = Math.max(total - completed, 0);
  const parts: string[] = [];
  if (left > 0) parts.push(`rate ${left} more`);
  if (!motmName) parts.push('choose your Man of the Match');
  if (parts.length === 0) return 'All set: submit your vote.';
  const text = parts.join(' and ');
  return `To submit, ${text}.`;
}

/** 'Submit Vote' of the Voting Progress, bar or card: the button the page comes back to. */
export function SubmitVote({
  status,
  describedBy,
  className,
}: {
  status: VoteStatus;
  describedBy: string | undefined;
  className?: string;
}) {
  return (
    <SubmitVoteButton
      id={SUBMIT_VOTE_BUTTON_ID}
      label="Submit Vote"
      state={status.state}
      canSubmit={status.canSubmit}
      onSubmit={status.onSubmit}
      describedBy={describedBy}
      className={className}
    />
  );
}

/** Said once per change, after whatever the fan is doing (the progress may be off screen). */
export function ProgressAnnouncement({ completed, total }: Pick<VoteStatus, 'completed' | 'total'>) {
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="vote-progress-announcement">
      {`${completed} of ${total} rated`}
    </p>
  );
}

/**
 * The Voting Progress on a phone: a bar fixed to the bottom of the screen while the fan rates, with how
 * many are rated, the MOTM pick and 'Submit Vote' always in reach.
 */
export function VotingProgressBar(status: VoteStatus) {
  const titleId = useId();
  const missingId = useId();
  const { completed, total, motmName } = status;
  const missing = missingText(status);
  return (
    <section
      id={VOTING_PROGRESS_ID}
      aria-labelledby={titleId}
      data-bottom-bar=""
      className="surface-light fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card/95 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur"
    >
      <h2 id={titleId} className="sr-only">
        Voting Progress
      </h2>
      <div className="mx-auto flex max-w-3xl items-center gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-sm font-semibold tabular-nums">
            <span className="text-base font-extrabold">{completed}</span>/{total} rated
          </p>
          <Progress value={completed} max={total} aria-label="Players rated" />
          <p className="flex min-w-0 items-center gap-1 text-xs">
            <Trophy className="size-3.5 shrink-0" aria-hidden="true" />
            <span aria-hidden="true" className="shrink-0 text-muted-foreground">
              MOTM:
            </span>
            <span className="sr-only">Man of the Match: </span>
            <span className={cn('truncate font-semibold', !motmName && 'text-muted-foreground')}>
              {motmName ?? 'Not selected'}
            </span>
          </p>
        </div>
        <SubmitVote
          status={status}
          describedBy={missing ? missingId : undefined}
          className="h-11 w-auto shrink-0 px-4"
        />
      </div>
      <ProgressAnnouncement completed={completed} total={total} />
      {missing ? (
        <p id={missingId} className="sr-only">
          {missing}
        </p>
      ) : null}
    </section>
  );
}
