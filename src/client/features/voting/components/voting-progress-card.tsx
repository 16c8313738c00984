import { Progress } from '@client/components/ui/progress';
import { Trans } from '@client/lib/i18n/react';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { ChevronRight, Trophy } from 'lucide-react';
import { useId } from 'react';
import type { SubmitState } from '../api/submit-vote';
import { MOTM_SHORT_LIST_ID } from './motm-short-list';
import { SubmitVoteButton } from './submit-vote-button';

export const VOTING_PROGRESS_ID = 'voting-progress';
export const SUBMIT_VOTE_BUTTON_ID = 'submit-vote';

/** The hint's catalogue key: `t(PROGRESS_HINT)` where it is shown. */
export const PROGRESS_HINT = 'voting.progress.hint';

type Translate = ReturnType<typeof useT>;

export interface VoteStatus {
  completed: number;
  total: number;
  /** The first player on the screen the fan has not rated yet, or null. */
  next: { id: number; name: string } | null;
  motmName: string | null;
  /** The match is live: ratings and the vote are taken. */
  votingOpen: boolean;
  state: SubmitState;
  canSubmit: boolean;
  onSubmit: () => void;
}

/** What is still missing before the vote can go in, for the fan and for the button's description. */
export function missingText(
  { completed, total, motmName, votingOpen, state }: VoteStatus,
  t: Translate,
): string | null {
  if (state !== 'idle') return null;
  if (!votingOpen) return t('voting.progress.notOpen');
  const left = Math.max(total - completed, 0);
  if (left > 0 && !motmName) return t('voting.progress.missingBoth', { count: left });
  if (left > 0) return t('voting.progress.missingRatings', { count: left });
  if (!motmName) return t('voting.progress.missingMotm');
  return t('voting.progress.allSet');
}

/** Brings a player's card into view and puts the focus on its first rating key. */
export function goToPlayer(playerId: number): void {
  const card = document.querySelector<HTMLElement>(`[data-player-id="${playerId}"]`);
  if (!card) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  card.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
  card.querySelector<HTMLButtonElement>('[data-key-row] button')?.focus({ preventScroll: true });
}

/** Brings the Man of the Match short list into view with the focus on its first choice. */
function goToShortList(): void {
  const list = document.getElementById(MOTM_SHORT_LIST_ID);
  if (!list) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  list.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
  list.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
}

/** What is left before the vote, as one step a tap reaches: the next player to rate, else the MOTM pick. */
function stepOf(status: VoteStatus): { label: 'next' | 'motm'; go: () => void } | null {
  if (!status.votingOpen || status.state !== 'idle') return null;
  const next = status.next;
  if (next) return { label: 'next', go: () => goToPlayer(next.id) };
  if (!status.motmName && status.total > 0) return { label: 'motm', go: goToShortList };
  return null;
}

/** Whether the progress names the next step (else it shows the MOTM pick). */
const naming = (status: VoteStatus) => stepOf(status) !== null;

/** 'Next: name ›' or 'Choose your Man of the Match ›': what is left, named, and reached in one tap. */
export function NextToRate({ status, className }: { status: VoteStatus; className?: string }) {
  const t = useT();
  const step = stepOf(status);
  if (!step) return null;
  return (
    <button
      type="button"
      onClick={step.go}
      className={cn(
        'inline-flex min-h-11 min-w-0 items-center gap-1 text-start text-sm font-semibold text-primary-text underline-offset-2 hover:underline',
        className,
      )}
      data-testid="next-to-rate"
    >
      <span className="truncate">
        {step.label === 'next' && status.next
          ? t('voting.progress.next', { name: status.next.name })
          : t('voting.progress.chooseMotm')}
      </span>
      <ChevronRight className="size-4 shrink-0 rtl:rotate-180" aria-hidden="true" />
    </button>
  );
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
  const t = useT();
  return (
    <SubmitVoteButton
      id={SUBMIT_VOTE_BUTTON_ID}
      label={t('voting.submit.submitVote')}
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
  const t = useT();
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="vote-progress-announcement">
      {t('voting.progress.announcement', { completed, total })}
    </p>
  );
}

/**
 * The Voting Progress on a phone: a bar fixed to the bottom of the screen while the fan rates, with how
 * many are rated, the MOTM pick and 'Submit Vote' always in reach.
 */
export function VotingProgressBar(status: VoteStatus) {
  const t = useT();
  const titleId = useId();
  const missingId = useId();
  const { completed, total, motmName } = status;
  const missing = missingText(status, t);
  return (
    <section
      id={VOTING_PROGRESS_ID}
      aria-labelledby={titleId}
      data-bottom-bar=""
      className="surface-light fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgb(0_0_0/0.08)]"
    >
      <h2 id={titleId} className="sr-only">
        {t('voting.progress.title')}
      </h2>
      <div className="mx-auto flex max-w-3xl items-center gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-sm font-semibold tabular-nums">
            <Trans
              id="voting.progress.barCount"
              values={{ completed, total }}
              components={{ 0: <span dir="ltr" />, 1: <span className="text-base font-extrabold" /> }}
            />
          </p>
          <Progress value={completed} max={total} aria-label={t('voting.progress.barLabel')} />
          {/* While players are left, the line names the next one (a tap reaches them); then the MOTM pick. */}
          {naming(status) ? (
            <NextToRate status={status} className="-my-3 text-xs" />
          ) : (
            <p className="flex min-w-0 items-center gap-1 text-xs">
              <Trophy className="size-3.5 shrink-0" aria-hidden="true" />
              <span aria-hidden="true" className="shrink-0 text-muted-foreground">
                {t('voting.progress.motmShort')}
              </span>
              <span className="sr-only">{t('voting.progress.motmLabel')} </span>
              <span className={cn('truncate font-semibold', !motmName && 'text-muted-foreground')}>
                {motmName ?? t('voting.progress.notSelected')}
              </span>
            </p>
          )}
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
