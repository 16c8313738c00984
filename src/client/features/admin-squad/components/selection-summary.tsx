import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/utils';
import { MANAGERS_MAX, STARTING_XI_MAX, SUBSTITUTES_MAX } from '@shared/domain';
import { Eraser, Send } from 'lucide-react';

interface Counts {
  starters: number;
  managers: number;
  shortlistedSubs: number;
  addedSubs: number;
  published: number;
}

function Stat({ label, value, full }: { label: string; value: string; full?: boolean }) {
  return (
    <div className="flex flex-col rounded-md border border-border px-3 py-2">
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className={cn('text-xl font-extrabold tabular-nums', full && 'text-success')}>{value}</dd>
    </div>
  );
}

interface SelectionSummaryProps {
  counts: Counts;
  busy: boolean;
  canPublish: boolean;
  onPublish: () => void;
  onClear: () => void;
}

/** Where the selection stands, and the actions that publish or clear it. */
export function SelectionSummary({ counts, busy, canPublish, onPublish, onClear }: SelectionSummaryProps) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat
          label="Starting XI"
          value={`${counts.starters}/${STARTING_XI_MAX}`}
          full={counts.starters === STARTING_XI_MAX}
        />
        <Stat
          label="Manager"
          value={`${counts.managers}/${MANAGERS_MAX}`}
          full={counts.managers === MANAGERS_MAX}
        />
        <Stat label="Substitutes shortlisted" value={String(counts.shortlistedSubs)} />
        <Stat label="Substitutes added" value={`${counts.addedSubs}/${SUBSTITUTES_MAX}`} />
      </dl>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {counts.published === 1 ? '1 player is' : `${counts.published} players are`} published for rating now.
      </p>
      <div className="grid gap-2 sm:flex">
        <Button onClick={onPublish} disabled={busy || !canPublish}>
          {busy ? <Spinner /> : <Send aria-hidden="true" />}
          Publish Squad for Rating
        </Button>
        <Button variant="outline" onClick={onClear} disabled={busy}>
          <Eraser aria-hidden="true" />
          Clear Selection
        </Button>
      </div>
    </div>
  );
}
