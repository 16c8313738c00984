import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { CircleCheck, Send } from 'lucide-react';
import { type SubmitState, VOTE_SUBMIT_ATTRIBUTE } from '../api/submit-vote';

interface SubmitVoteButtonProps {
  id?: string;
  /** The idle label: 'Submit Vote' or 'Submit Final Vote'. */
  label: string;
  state: SubmitState;
  canSubmit: boolean;
  onSubmit: () => void;
  describedBy?: string;
  className?: string;
}

/** The submit button with its states of 'Submitting...' then 'Vote Submitted'. */
export function SubmitVoteButton({
  id,
  label,
  state,
  canSubmit,
  onSubmit,
  describedBy,
  className,
}: SubmitVoteButtonProps) {
  const t = useT();
  // Once pressed, the button keeps the focus (aria-disabled, not disabled): a keyboard or screen-reader
  // user stays in place and hears 'Submitting...' then 'Vote Submitted' on the control they used.
  const busyOrDone = state !== 'idle';
  return (
    <Button
      id={id}
      {...{ [VOTE_SUBMIT_ATTRIBUTE]: '' }}
      size="lg"
      disabled={!busyOrDone && !canSubmit}
      aria-disabled={busyOrDone || undefined}
      aria-describedby={describedBy}
      onClick={busyOrDone ? undefined : onSubmit}
      className={cn(
        'w-full',
        busyOrDone && 'cursor-default',
        state === 'submitting' && 'opacity-55',
        state === 'submitted' && 'bg-success hover:bg-success disabled:opacity-100',
        className,
      )}
    >
      {state === 'submitting' ? (
        <>
          <Spinner />
          {t('voting.submit.submitting')}
        </>
      ) : state === 'submitted' ? (
        <>
          <CircleCheck aria-hidden="true" />
          {t('voting.submit.submitted')}
        </>
      ) : (
        <>
          <Send aria-hidden="true" className="rtl:-scale-x-100" />
          {label}
        </>
      )}
    </Button>
  );
}
