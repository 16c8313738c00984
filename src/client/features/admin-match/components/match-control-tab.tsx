import type { ReactNode } from 'react';
import { LiveMatchControl } from './live-match-control';
import { MatchPreparation } from './match-preparation';

interface MatchControlTabProps {
  notificationsEnabled: boolean;
  /** Opens the Squad Management tab (features never import each other; the route wires this). */
  onOpenSquad: () => void;
  /** Under the live match: what its changes set off (the route places the notifications card here). */
  afterLive?: ReactNode;
}

/** The Match Control tab: the current match live, and the preparation of the next one. */
export function MatchControlTab({ notificationsEnabled, onOpenSquad, afterLive }: MatchControlTabProps) {
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <LiveMatchControl notificationsEnabled={notificationsEnabled} />
      {afterLive}
      <MatchPreparation notificationsEnabled={notificationsEnabled} onOpenSquad={onOpenSquad} />
    </div>
  );
}
