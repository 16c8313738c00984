import { IconButton } from '@client/components/ui/icon-button';
import { useT } from '@client/lib/i18n/use-t';
import { GOALS_MAX, GOALS_MIN, type Score } from '@client/lib/match-format';
import { Minus, Plus } from 'lucide-react';

type Side = 'home' | 'away';

// Literal keys per side, so the catalogue test sees each in use.
const TEXT = {
  home: {
    label: 'admin-match.score.home',
    score: 'admin-match.score.homeScore',
    decrease: 'admin-match.score.decreaseHome',
    increase: 'admin-match.score.increaseHome',
  },
  away: {
    label: 'admin-match.score.away',
    score: 'admin-match.score.awayScore',
    decrease: 'admin-match.score.decreaseAway',
    increase: 'admin-match.score.increaseAway',
  },
} as const satisfies Record<Side, Record<string, string>>;

interface SideProps {
  side: Side;
  team: string | undefined;
  goals: number;
  disabled: boolean;
  onStep: (side: Side, delta: 1 | -1) => void;
}

function ScoreSide({ side, team, goals, disabled, onStep }: SideProps) {
  const t = useT();
  const text = TEXT[side];
  return (
    // Inside the left-to-right score row, each side's own words take their language's direction.
    <fieldset className="flex min-w-0 flex-col items-center gap-2" dir="auto">
      <legend className="mb-2 w-full text-center">
        <span className="block text-sm font-semibold text-muted-foreground">{t(text.label)}</span>
        {team ? <span className="block truncate text-sm font-bold">{team}</span> : null}
      </legend>
      <output aria-live="polite" className="text-center text-5xl leading-none font-black tabular-nums">
        <span className="sr-only">{`${t(text.score)} `}</span>
        {goals}
      </output>
      <div className="flex items-center gap-2">
        {/* Below the buttons: above them the tooltip would cover the score it changes. */}
        <IconButton
          variant="outline"
          tooltipSide="bottom"
          disabled={disabled || goals <= GOALS_MIN}
          onClick={() => onStep(side, -1)}
          label={t(text.decrease)}
        >
          <Minus aria-hidden="true" />
        </IconButton>
        <IconButton
          variant="outline"
          tooltipSide="bottom"
          disabled={disabled || goals >= GOALS_MAX}
          onClick={() => onStep(side, 1)}
          label={t(text.increase)}
        >
          <Plus aria-hidden="true" />
        </IconButton>
      </div>
    </fieldset>
  );
}

interface ScoreControlProps {
  score: Score;
  homeTeam?: string;
  awayTeam?: string;
  disabled: boolean;
  onStep: (side: Side, delta: 1 | -1) => void;
}

/** Home and away goals with plus and minus: each tap is sent at once; minus is disabled at 0. */
export function ScoreControl({ score, homeTeam, awayTeam, disabled, onStep }: ScoreControlProps) {
  return (
    // A score reads home first, left to right, in right-to-left languages too.
    <div
      dir="ltr"
      className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 rounded-lg border border-border bg-muted/50 px-2 py-4 sm:px-4"
    >
      <ScoreSide side="home" team={homeTeam} goals={score[0]} disabled={disabled} onStep={onStep} />
      <span aria-hidden="true" className="text-3xl font-black text-muted-foreground">
        –
      </span>
      <ScoreSide side="away" team={awayTeam} goals={score[1]} disabled={disabled} onStep={onStep} />
    </div>
  );
}
