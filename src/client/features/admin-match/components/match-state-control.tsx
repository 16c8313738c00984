import { Label } from '@client/components/ui/label';
import { SegmentedControl, SegmentedControlItem } from '@client/components/ui/segmented-control';
import { Switch } from '@client/components/ui/switch';
import { useT } from '@client/lib/i18n/use-t';
import type { Match } from '@shared/matches';
import { matchPhase } from '@shared/rules';
import { useId } from 'react';
import { canChooseState, MATCH_STATES, type MatchState } from '../utils/match-state';

interface MatchStateControlProps {
  match: Match | null;
  disabled: boolean;
  onChange: (state: MatchState) => void;
  onHalfTimeChange: (halfTime: boolean) => void;
}

/** The state selector (Preparing / Live / Ended) and, while live, the half-time switch. */
export function MatchStateControl({ match, disabled, onChange, onHalfTimeChange }: MatchStateControlProps) {
  const t = useT();
  const id = useId();
  const state = match ? matchPhase(match) : 'preparing';
  return (
    <div className="flex flex-col gap-3">
      <span id={`${id}-label`} className="text-sm font-semibold">
        {t('admin-match.state.label')}
      </span>
      <SegmentedControl
        aria-labelledby={`${id}-label`}
        value={match ? state : ''}
        onValueChange={(value) => {
          if (value !== state) onChange(value as MatchState);
        }}
        disabled={disabled || !match}
      >
        {MATCH_STATES.map((option) => (
          <SegmentedControlItem
            key={option.value}
            value={option.value}
            disabled={!match || !canChooseState(match, option.value)}
            aria-describedby={`${id}-${option.value}-hint`}
          >
            <span>{t(option.labelKey)}</span>
            {/* Hidden from the name (the radio is "Live"), read as its description. */}
            <span
              id={`${id}-${option.value}-hint`}
              aria-hidden="true"
              className="text-xs font-medium opacity-85"
            >
              {t(option.hintKey)}
            </span>
          </SegmentedControlItem>
        ))}
      </SegmentedControl>
      {match?.isLive ? (
        <div className="flex min-h-11 items-center justify-between gap-3 rounded-md border border-border px-3">
          <Label htmlFor={`${id}-half-time`} className="cursor-pointer">
            {t('admin-match.state.halfTime')}
          </Label>
          <Switch
            id={`${id}-half-time`}
            checked={match.isHalfTime}
            disabled={disabled}
            onCheckedChange={onHalfTimeChange}
          />
        </div>
      ) : null}
    </div>
  );
}
