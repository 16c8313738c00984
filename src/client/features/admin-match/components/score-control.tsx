import { Button } from '@client/components/ui/button';
import { GOALS_MAX, GOALS_MIN, type Score } from '@client/lib/match-format';
import { Minus, Plus } from 'lucide-react';

interface SideProps {
  side: 'home' | 'away';
  label: string;
  team: string | undefined;
  goals: number;
  disabled: boolean;
  onStep: (side: 'home' | 'away', delta: 1 | -1) => void;
}

function ScoreSide({ side, label, team, goals, disabled, onStep }: SideProps) {
  const name = label.toLowerCase();
  return (
    <fieldset className="flex min-w-0 flex-col items-center gap-2">
      <legend className="mb-2 w-full text-center">
        <span className="block text-sm font-semibold text-muted-foreground">{label}</span>
        {team ? <span className="block truncate text-sm font-bold">{team}</span> : null}
      </legend>
      <output aria-live="polite" className="text-center text-5xl leading-none font-black tabular-nums">
        <span className="sr-only">{label} score: </span>
        {goals}
      </output>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          disabled={disabled || goals <= GOALS_MIN}
          onClick={() => onStep(side, -1)}
          aria-label={`Decrease ${name} score`}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          disabled={disabled || goals >= GOALS_MAX}
          onClick={() => onStep(side, 1)}
          aria-label={`Increase ${name} score`}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </fieldset>
  );
}

interface ScoreControlProps {
  score: Score;
  homeTeam?: string;
  awayTeam?: string;
  disabled: boolean;
  onStep: (side: 'home' | 'away', delta: 1 | -1) => void;
}

/** Home and away goals with plus and minus: each tap is sent at once; minus is disabled at 0. */
export function ScoreControl({ score, homeTeam, awayTeam, disabled, onStep }: ScoreControlProps) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 rounded-lg border border-border bg-muted/50 px-2 py-4 sm:px-4">
      <ScoreSide
        side="home"
        label="Home"
        team={homeTeam}
        goals={score[0]}
        disabled={disabled}
        onStep={onStep}
      />
      <span aria-hidden="true" className="text-3xl font-black text-muted-foreground">
        –
      </span>
      <ScoreSide
        side="away"
        label="Away"
        team={awayTeam}
        goals={score[1]}
        disabled={disabled}
        onStep={onStep}
      />
    </div>
  );
}
