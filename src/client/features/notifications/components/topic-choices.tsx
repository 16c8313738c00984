import { Checkbox } from '@client/components/ui/checkbox';
import { useT } from '@client/lib/i18n/use-t';
import { cn } from '@client/lib/utils';
import { PUSH_TOPICS, type PushTopic, type PushTopics } from '@shared/push';
import { useId } from 'react';

interface TopicChoicesProps {
  value: PushTopics;
  onChange: (topic: PushTopic, checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}

function useTopicText() {
  const t = useT();
  return {
    votingOpens: [t('account.push.topic.votingOpens'), t('account.push.topic.votingOpensHint')],
    halfTime: [t('account.push.topic.halfTime'), t('account.push.topic.halfTimeHint')],
    results: [t('account.push.topic.results'), t('account.push.topic.resultsHint')],
  } satisfies Record<PushTopic, [string, string]>;
}

/** What to be told about: one checkbox per topic, the whole row (44 px tall) its touch target. */
export function TopicChoices({ value, onChange, disabled = false, className }: TopicChoicesProps) {
  const t = useT();
  const id = useId();
  const text = useTopicText();
  return (
    <fieldset className={cn('flex flex-col', className)} disabled={disabled}>
      <legend className="mb-1 text-sm font-semibold">{t('account.push.topicsLegend')}</legend>
      {PUSH_TOPICS.map((topic) => {
        const [label, hint] = text[topic];
        return (
          <label
            key={topic}
            htmlFor={`${id}-${topic}`}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 py-1',
              disabled && 'cursor-not-allowed opacity-70',
            )}
          >
            <Checkbox
              id={`${id}-${topic}`}
              checked={value[topic]}
              disabled={disabled}
              aria-labelledby={`${id}-${topic}-label`}
              aria-describedby={`${id}-${topic}-hint`}
              onCheckedChange={(checked) => onChange(topic, checked === true)}
            />
            <span className="flex min-w-0 flex-col text-sm leading-snug">
              <span id={`${id}-${topic}-label`} className="font-medium">
                {label}
              </span>
              <span id={`${id}-${topic}-hint`} className="text-muted-foreground">
                {hint}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
