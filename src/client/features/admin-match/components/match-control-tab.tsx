import { LiveMatchControl } from './live-match-control';
import { MatchPreparation } from './match-preparation';

interface MatchControlTabProps {
  notificationsEnabled: boolean;
  /** Opens the Squad Management tab (features never import each other; the route wires this). */
  onOpenSquad: () => void;
}

/** The Match Control tab: the current match live, and the preparation of the next one. */
export function MatchControlTab({ notificationsEnabled, onOpenSquad }: MatchControlTabProps) {
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <LiveMatchControl notificationsEnabled={notificationsEnabled} />
      <MatchPreparation notificationsEnabled={notificationsEnabled} onOpenSquad={onOpenSquad} />
    </div>
  );
}
