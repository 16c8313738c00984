import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/utils';
import { CircleCheck, Send } from 'lucide-react';
import type { SubmitState } from '../api/submit-vote';

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

/** The submit button with its states of product.md point 4: 'Submitting...' then 'Vote Submitted'. */
export function SubmitVoteButton({
  id,
  label,
  state,
  canSubmit,
  onSubmit,
  describedBy,
  className,
}: SubmitVoteButtonProps) {
  return (
    <Button
      id={id}
      size="lg"
      disabled={state !== 'idle' || !canSubmit}
      aria-describedby={describedBy}
      onClick={onSubmit}
      className={cn('w-full', state === 'submitted' && 'bg-success disabled:opacity-100', className)}
    >
      {state === 'submitting' ? (
        <>
          <Spinner />
          Submitting...
        </>
      ) : state === 'submitted' ? (
        <>
          <CircleCheck aria-hidden="true" />
          Vote Submitted
        </>
      ) : (
        <>
          <Send aria-hidden="true" />
          {label}
        </>
      )}
    </Button>
  );
}
