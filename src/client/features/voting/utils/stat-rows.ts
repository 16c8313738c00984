import { oneDecimal } from '@client/lib/i18n/figures';
import { i18n } from '@client/lib/i18n/i18n';
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
 * The 'Performance Stats' rows for the player's role, labelled in the language being read. Only the
 * fan average rating comes from the product's data; the rest are shown as unknown rather than invented.
 */
export function statRowsFor(player: Pick<Player, 'isManager' | 'position'>, stats: SeasonStats): StatRow[] {
  const average = stats.averageRating === null ? null : oneDecimal(stats.averageRating);
  // Labels are catalogue keys, translated here, when the rows are made (never at module load).
  const unknown = (...keys: string[]) => keys.map((key) => ({ label: i18n._(key), value: null }));
  const averageRow = () => ({ label: i18n._('voting.statRow.averageRating'), value: average });
  const role = statRole(player);
  switch (role) {
    case 'manager':
      return [
        ...unknown(
          'voting.statRow.matches',
          'voting.statRow.wins',
          'voting.statRow.draws',
          'voting.statRow.losses',
          'voting.statRow.winRate',
          'voting.statRow.tacticsUsed',
          'voting.statRow.trophies',
        ),
        averageRow(),
      ];
    case 'goalkeeper':
      return unknown(
        'voting.statRow.cleanSheets',
        'voting.statRow.saves',
        'voting.statRow.savePercent',
        'voting.statRow.goalsConceded',
        'voting.statRow.penaltiesSaved',
        'voting.statRow.distribution',
      );
    default:
      return [
        ...unknown('voting.statRow.appearances', 'voting.statRow.goals', 'voting.statRow.assists'),
        averageRow(),
        ...unknown(
          'voting.statRow.passAccuracy',
          'voting.statRow.tackles',
          'voting.statRow.minutesPlayed',
          'voting.statRow.yellowCards',
        ),
        ...(role === 'forward' ? unknown('voting.statRow.shotsOnTarget', 'voting.statRow.dribbles') : []),
        ...(role === 'defender' ? unknown('voting.statRow.cleanSheets', 'voting.statRow.blocks') : []),
      ];
  }
}
