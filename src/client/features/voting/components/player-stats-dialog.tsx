import { LazyDialogButton } from '@client/components/ui/lazy-dialog';
import { Trans } from '@client/lib/i18n/react';
import type { Player } from '@shared/players';
import { ChartColumn } from 'lucide-react';
import { lazy } from 'react';

// The dialog is out of the first load: it is fetched when a fan points at or focuses a 'stats' link.
const loadContent = () =>
  import('./player-stats-content').then((module) => ({ default: module.PlayerStatsContent }));
const PlayerStatsContent = lazy(loadContent);

/** The 'stats' link of a player card and the season dialog it opens. */
export function PlayerStatsDialog({ player }: { player: Player }) {
  return (
    <LazyDialogButton
      preload={loadContent}
      dialog={(state) => <PlayerStatsContent player={player} {...state} />}
      className="-my-3 inline-flex min-h-11 align-middle cursor-pointer items-center gap-1 rounded-md px-1 text-sm font-semibold text-primary-text underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
    >
      <ChartColumn className="size-4" aria-hidden="true" />
      <Trans
        id="voting.details.statsLink"
        values={{ name: player.name }}
        components={{ 0: <span className="sr-only" /> }}
      />
    </LazyDialogButton>
  );
}
