import { MANAGERS_MAX, STARTING_XI_MAX, SUBSTITUTES_MAX } from '@shared/domain';
import type { Player } from '@shared/players';

/** The admin's shortlists: the Starting XI (with the manager) and the substitutes. Player ids. */
export interface Selection {
  squad: number[];
  subs: number[];
}

export type SelectionRefusal = 'starter-limit' | 'manager-limit';
export type SelectionResult = { ok: true; selection: Selection } | { ok: false; reason: SelectionRefusal };

type RoleFields = Pick<Player, 'id' | 'isManager' | 'isSubstitute' | 'isAvailableForRating'>;

const without = (ids: number[], id: number) => ids.filter((x) => x !== id);
const withId = (ids: number[], id: number) => (ids.includes(id) ? ids : [...ids, id]);

/**
 * Ticks or unticks a Starting XI (or manager) box. At most 11 non-managers and 1 manager; a player
 * ticked into the XI leaves the substitutes shortlist.
 */
export function toggleStarter(
  selection: Selection,
  player: Pick<Player, 'id' | 'isManager'>,
  checked: boolean,
  byId: ReadonlyMap<number, Pick<Player, 'isManager'>>,
): SelectionResult {
  if (!checked) return { ok: true, selection: { ...selection, squad: without(selection.squad, player.id) } };
  if (selection.squad.includes(player.id)) return { ok: true, selection };
  const others = selection.squad.filter((id) => byId.has(id));
  if (player.isManager) {
    const managers = others.filter((id) => byId.get(id)?.isManager).length;
    if (managers >= MANAGERS_MAX) return { ok: false, reason: 'manager-limit' };
  } else {
    const starters = others.filter((id) => !byId.get(id)?.isManager).length;
    if (starters >= STARTING_XI_MAX) return { ok: false, reason: 'starter-limit' };
  }
  return {
    ok: true,
    selection: { squad: [...selection.squad, player.id], subs: without(selection.subs, player.id) },
  };
}

/** Ticks or unticks a Substitute box: the shortlist of substitutes (no limit until they are added). */
export function toggleSubstitute(selection: Selection, playerId: number, checked: boolean): Selection {
  if (!checked) return { ...selection, subs: without(selection.subs, playerId) };
  return { squad: without(selection.squad, playerId), subs: withId(selection.subs, playerId) };
}

/** Substitutes fans can rate now: published, flagged substitute, not the manager. */
export function isAddedSubstitute(player: RoleFields): boolean {
  return player.isAvailableForRating && player.isSubstitute && !player.isManager;
}

/** Substitutes already added plus newly selected must not exceed 5. */
export function fitsSubstituteLimit(addedCount: number, newlySelectedCount: number): boolean {
  return addedCount + newlySelectedCount <= SUBSTITUTES_MAX;
}

/** Keeps only ids of players that still exist (a shortlist can outlive a player). */
export function knownIds(ids: number[], byId: ReadonlyMap<number, unknown>): number[] {
  return ids.filter((id) => byId.has(id));
}

/** With nothing stored yet, the shortlists start from what is published. */
export function selectionFromPublished(players: RoleFields[]): Selection {
  return {
    squad: players.filter((p) => p.isAvailableForRating && (p.isManager || !p.isSubstitute)).map((p) => p.id),
    subs: players.filter(isAddedSubstitute).map((p) => p.id),
  };
}

export interface SquadRequests {
  /** POST /api/admin/update-squad */
  squad: { startingXI: number[]; substitutes: number[] };
  /** POST /api/admin/available-for-rating */
  playerIds: number[];
}

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Publishing the selection: the Starting XI and manager, the substitutes already added that are not
 * now in the XI, and any newly ticked substitutes.
 */
export function publishRequests(
  selection: Selection,
  players: RoleFields[],
  newSubs: number[],
): SquadRequests {
  const byId = new Map(players.map((p) => [p.id, p]));
  const startingXI = knownIds(unique(selection.squad), byId);
  const added = players.filter(isAddedSubstitute).map((p) => p.id);
  const subsToRate = unique([...added, ...knownIds(newSubs, byId)]).filter((id) => !startingXI.includes(id));
  const substitutes = unique([...knownIds(selection.subs, byId), ...subsToRate]).filter(
    (id) => !startingXI.includes(id) && !byId.get(id)?.isManager,
  );
  return { squad: { startingXI, substitutes }, playerIds: unique([...startingXI, ...subsToRate]) };
}

/** Adding ticked substitutes for rating: everyone published stays, the new ones join as substitutes. */
export function addSubstitutesRequests(players: RoleFields[], newSubs: number[]): SquadRequests {
  const byId = new Map(players.map((p) => [p.id, p]));
  const fresh = knownIds(unique(newSubs), byId).filter((id) => !byId.get(id)?.isManager);
  const added = players.filter(isAddedSubstitute).map((p) => p.id);
  const published = players.filter((p) => p.isAvailableForRating).map((p) => p.id);
  return {
    squad: { startingXI: [], substitutes: unique([...added, ...fresh]) },
    playerIds: unique([...published, ...fresh]),
  };
}

/** Removing one player from rating; they stay in the squad shortlists. */
export function removeFromRatingIds(players: RoleFields[], playerId: number): number[] {
  return players.filter((p) => p.isAvailableForRating && p.id !== playerId).map((p) => p.id);
}

/** Counts for the selection summary. */
export function selectionCounts(selection: Selection, players: RoleFields[]) {
  const byId = new Map(players.map((p) => [p.id, p]));
  const squad = knownIds(selection.squad, byId);
  return {
    starters: squad.filter((id) => !byId.get(id)?.isManager).length,
    managers: squad.filter((id) => byId.get(id)?.isManager).length,
    shortlistedSubs: knownIds(selection.subs, byId).length,
    addedSubs: players.filter(isAddedSubstitute).length,
    published: players.filter((p) => p.isAvailableForRating).length,
  };
}
