import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { i18n } from '@client/lib/i18n/i18n';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { MANAGERS_MAX, STARTING_XI_MAX, SUBSTITUTES_MAX } from '@shared/domain';
import type { Player } from '@shared/players';
import { CircleAlert, Eraser, Send, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import type { PublishCheck } from '../utils/squad-selection';

function Stat({ label, value, full }: { label: string; value: string; full?: boolean }) {
  return (
    <div className="flex flex-col rounded-md border border-border px-3 py-2">
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className={cn('text-xl font-extrabold tabular-nums', full && 'text-success')}>
        <span dir="ltr">{value}</span>
      </dd>
    </div>
  );
}

/**
 * One sentence of what publishing does, in the language being read: "11 starters, 2 substitutes and the
 * manager, Ruben Amorim: 14 players fans can rate. Anyone else is taken off rating."
 */
export function publishSentence(check: PublishCheck, manager: Player | undefined): string {
  const parts = {
    starters: i18n._('admin-squad.summary.starters', { count: check.starters }),
    substitutes: i18n._('admin-squad.summary.substitutes', { count: check.substitutes }),
    players: i18n._('admin-squad.summary.players', { count: check.total }),
  };
  return manager
    ? i18n._('admin-squad.summary.sentenceWithManager', { ...parts, manager: manager.name })
    : i18n._('admin-squad.summary.sentenceNoManager', parts);
}

interface SelectionSummaryProps {
  check: PublishCheck;
  manager: Player | undefined;
  /** Players fans can rate now. */
  publishedCount: number;
  busy: boolean;
  onPublish: () => void;
  onClear: () => void;
}

/** What will be published, what stops it, and the one action that publishes it. */
export function SelectionSummary({
  check,
  manager,
  publishedCount,
  busy,
  onPublish,
  onClear,
}: SelectionSummaryProps) {
  const t = useT();
  const id = useId();
  const blocked = check.errors.length > 0;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-3 gap-2">
        <Stat
          label={t('admin-squad.startingXi')}
          value={`${check.starters}/${STARTING_XI_MAX}`}
          full={check.starters === STARTING_XI_MAX}
        />
        <Stat
          label={t('admin-squad.substitutes')}
          value={`${check.substitutes}/${SUBSTITUTES_MAX}`}
          full={check.substitutes > 0 && check.substitutes <= SUBSTITUTES_MAX}
        />
        <Stat
          label={t('admin-squad.manager')}
          value={`${check.managers}/${MANAGERS_MAX}`}
          full={check.managers === MANAGERS_MAX}
        />
      </dl>

      <section aria-labelledby={`${id}-what`} className="flex flex-col gap-2 rounded-md bg-muted/60 p-3">
        <h3 id={`${id}-what`} className="flex flex-wrap items-center gap-2 text-sm font-semibold">
          {t('admin-squad.summary.heading')}
          {check.published ? (
            <Badge variant="success">{t('admin-squad.summary.published')}</Badge>
          ) : publishedCount > 0 ? (
            <Badge variant="outline">{t('admin-squad.summary.unpublishedChanges')}</Badge>
          ) : null}
        </h3>
        <p className="text-[0.9375rem]" aria-live="polite">
          {check.starters > 0 ? publishSentence(check, manager) : t('admin-squad.summary.nobody')}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('admin-squad.summary.availableNow', { count: publishedCount })}
        </p>
      </section>

      {check.errors.length || check.warnings.length ? (
        <ul className="flex flex-col gap-1.5 text-sm" aria-label={t('admin-squad.summary.checksLabel')}>
          {check.errors.map((message) => (
            <li key={message} className="flex items-start gap-2 font-medium text-destructive">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <span className="sr-only">{t('admin-squad.summary.errorPrefix')}</span>
                {message}
              </span>
            </li>
          ))}
          {check.warnings.map((message) => (
            <li key={message} className="flex items-start gap-2 text-muted-foreground">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-foreground" aria-hidden="true" />
              <span>
                <span className="sr-only">{t('admin-squad.summary.notePrefix')}</span>
                {message}
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="grid gap-2 sm:flex">
        <Button size="lg" onClick={onPublish} disabled={busy || blocked}>
          {busy ? <Spinner /> : <Send aria-hidden="true" />}
          {t('admin-squad.summary.publish')}
        </Button>
        <Button variant="outline" size="lg" onClick={onClear} disabled={busy}>
          <Eraser aria-hidden="true" />
          {t('admin-squad.summary.clear')}
        </Button>
      </div>
    </div>
  );
}
