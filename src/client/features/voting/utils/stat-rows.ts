import { positionGroup } from '@shared/domain';
import type { Player, SeasonStats } from '@shared/players';

export interface StatRow {
  label: string;
  /** null when the product has no figure for it (shown as '—'); nothing is made up. */
  value: string | null;
}

export type StatRole = 'manager' | 'goalkeeper' | 'forward' | 'defender' | 'midfielder';

export function statRole(player: Pick<Player, 'isManager' | 'position'>): StatRole {
  if (player.isManager) return 'manager';
  switch (positionGroup(player.position)) {
    case 'Goalkeeper':
      return 'goalkeeper';
    case 'Forward':
      return 'forward';
    case 'Defender':
      return 'defender';
    default:
      return 'midfielder';
  }
}

/**
 * The 'Performance Stats' rows for the player's role. Only the fan average
 * rating comes from the product's data; the rest are shown as unknown rather than invented.
 */
export function statRowsFor(player: Pick<Player, 'isManager' | 'position'>, stats: SeasonStats): StatRow[] {
  const average = stats.averageRating === null ? null : stats.averageRating.toFixed(1);
  const unknown = (...labels: string[]) => labels.map((label) => ({ label, value: null }));
  const role = statRole(player);
  switch (role) {
    case 'manager':
      return [
        ...unknown('Matches', 'Wins', 'Draws', 'Losses', 'Win rate', 'Tactics used', 'Trophies'),
        { label: 'Average rating', value: average },
      ];
    case 'goalkeeper':
      return unknown('Clean sheets', 'Saves', 'Save %', 'Goals conceded', 'Penalties saved', 'Distribution');
    default:
      return [
        ...unknown('Appearances', 'Goals', 'Assists'),
        { label: 'Average rating', value: average },
        ...unknown('Pass accuracy', 'Tackles', 'Minutes played', 'Yellow cards'),
        ...(role === 'forward' ? unknown('Shots on target', 'Dribbles') : []),
        ...(role === 'defender' ? unknown('Clean sheets', 'Blocks') : []),
      ];
  }
}
