import { Card } from '@client/components/ui/card';
import { IconCircle } from '@client/components/ui/icon-circle';
import { useT } from '@client/lib/i18n/use-t';
import { LockKeyhole } from 'lucide-react';
import { useId } from 'react';

/** Stands where the leaderboard will be until the fan has submitted their vote. */
export function CompleteYourVote() {
  const headingId = useId();
  const t = useT();
  return (
    <section aria-labelledby={headingId}>
      <Card className="flex items-center gap-3 border-dashed p-4 sm:flex-col sm:px-6 sm:py-8 sm:text-center">
        <IconCircle className="shrink-0 sm:size-12">
          <LockKeyhole className="size-5 sm:size-6" aria-hidden="true" />
        </IconCircle>
        <div className="flex min-w-0 flex-col gap-0.5 sm:items-center sm:gap-3">
          <h2 id={headingId} className="text-base font-bold tracking-tight sm:text-lg">
            {t('results.completeYourVote.title')}
          </h2>
          <p className="max-w-xs text-sm text-muted-foreground sm:text-[0.9375rem]">
            {t('results.completeYourVote.body')}
          </p>
        </div>
      </Card>
    </section>
  );
}
