import { Card } from '@client/components/ui/card';
import { LockKeyhole } from 'lucide-react';
import { useId } from 'react';

/** Stands where the leaderboard will be until the fan has submitted their vote. */
export function CompleteYourVote() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="flex flex-col items-center gap-3 border-dashed px-6 py-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-text">
          <LockKeyhole className="size-6" aria-hidden="true" />
        </span>
        <h2 id={headingId} className="text-lg font-bold tracking-tight">
          Complete Your Vote
        </h2>
        <p className="max-w-xs text-[0.9375rem] text-muted-foreground">
          Real-time leaderboard will appear after you complete all ratings and submit your vote.
        </p>
      </Card>
    </section>
  );
}
