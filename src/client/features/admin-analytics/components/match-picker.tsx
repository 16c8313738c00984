import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { useT } from '@client/lib/i18n/use-t';
import type { Match } from '@shared/matches';
import { useId } from 'react';
import { formatMatchDay } from '../utils/match-history';

interface MatchPickerProps {
  matches: Match[];
  value: number | undefined;
  currentId: number | undefined;
  onChange: (matchId: number) => void;
}

/** Which match the per-match cards and charts show; the current match comes first. */
export function MatchPicker({ matches, value, currentId, onChange }: MatchPickerProps) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex w-full min-w-0 flex-col gap-2 sm:w-96">
      <Label htmlFor={id}>{t('admin-match.analytics.picker.label')}</Label>
      <Select
        value={value === undefined ? '' : String(value)}
        onValueChange={(next) => onChange(Number(next))}
        disabled={matches.length === 0}
      >
        <SelectTrigger id={id}>
          <SelectValue placeholder={t('admin-match.analytics.picker.empty')} />
        </SelectTrigger>
        <SelectContent>
          {matches.map((match) => (
            <SelectItem key={match.id} value={String(match.id)}>
              {match.title}
              {match.scheduledDate ? ` · ${formatMatchDay(match.scheduledDate)}` : ''}
              {match.isLive
                ? ` ${t('admin-match.analytics.picker.live')}`
                : match.id === currentId
                  ? ` ${t('admin-match.analytics.picker.current')}`
                  : ''}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
