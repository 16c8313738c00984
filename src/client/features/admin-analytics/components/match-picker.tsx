import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
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
  const id = useId();
  return (
    <div className="flex w-full min-w-0 flex-col gap-2 sm:w-96">
      <Label htmlFor={id}>Match</Label>
      <Select
        value={value === undefined ? '' : String(value)}
        onValueChange={(next) => onChange(Number(next))}
        disabled={matches.length === 0}
      >
        <SelectTrigger id={id}>
          <SelectValue placeholder="No matches yet" />
        </SelectTrigger>
        <SelectContent>
          {matches.map((match) => (
            <SelectItem key={match.id} value={String(match.id)}>
              {match.title}
              {match.scheduledDate ? ` · ${formatMatchDay(match.scheduledDate)}` : ''}
              {match.isLive ? ' (Live)' : match.id === currentId ? ' (Current)' : ''}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
