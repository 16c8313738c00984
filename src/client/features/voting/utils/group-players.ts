import { i18n } from '@client/lib/i18n/i18n';
import { positionGroup } from '@shared/domain';
import type { Player } from '@shared/players';

export type PlayerGroupKey =
  | 'goalkeepers'
  | 'defenders'
  | 'midfielders'
  | 'forwards'
  | 'substitutes'
  | 'manager';

export interface PlayerGroup {
  key: PlayerGroupKey;
  /** The heading, word for word as fans see it, in the language being read. */
  title: string;
  players: Player[];
}

// Translated when the groups are made (call time), never at module load.
const ORDER: { key: PlayerGroupKey; title: (count: number) => string }[] = [
  { key: 'goalkeepers', title: () => i18n._('voting.group.goalkeepers') },
  { key: 'defenders', title: () => i18n._('voting.group.defenders') },
  { key: 'midfielders', title: () => i18n._('voting.group.midfielders') },
  { key: 'forwards', title: () => i18n._('voting.group.forwards') },
  { key: 'substitutes', title: () => i18n._('voting.group.substitutes') },
  { key: 'manager', title: (count) => i18n._('voting.group.manager', { count }) },
];

/** Which group a player is listed under: the manager first, then substitutes regardless of position. */
export function playerGroupKey(
  player: Pick<Player, 'position' | 'isManager' | 'isSubstitute'>,
): PlayerGroupKey {
  if (player.isManager) return 'manager';
  if (player.isSubstitute) return 'substitutes';
  switch (positionGroup(player.position)) {
    case 'Goalkeeper':
      return 'goalkeepers';
    case 'Defender':
      return 'defenders';
    case 'Forward':
      return 'forwards';
    case 'Manager':
      return 'manager';
    default:
      // Midfielders, and any position the mapping does not know, sit in the middle of the pitch.
      return 'midfielders';
  }
}

/**
 * The players in the order of Goalkeepers, Defenders, Midfielders, Forwards,
 * SUBSTITUTES, Manager (1). Empty groups are left out; within a group, shirt numbers go first.
 */
export function groupPlayers(players: readonly Player[]): PlayerGroup[] {
  const buckets = new Map<PlayerGroupKey, Player[]>();
  for (const player of players) {
    const key = playerGroupKey(player);
    buckets.set(key, [...(buckets.get(key) ?? []), player]);
  }
  return ORDER.flatMap(({ key, title }) => {
    const members = buckets.get(key);
    if (!members?.length) return [];
    return [{ key, title: title(members.length), players: [...members].sort(byShirtThenName) }];
  });
}

function byShirtThenName(a: Player, b: Player): number {
  const an = a.jerseyNumber ?? Number.POSITIVE_INFINITY;
  const bn = b.jerseyNumber ?? Number.POSITIVE_INFINITY;
  return an === bn ? a.name.localeCompare(b.name) : an - bn;
}

/** Players who can be Man of the Match: everyone listed but the manager. */
export function motmCandidates(players: readonly Player[]): Player[] {
  return players.filter((p) => !p.isManager);
}
