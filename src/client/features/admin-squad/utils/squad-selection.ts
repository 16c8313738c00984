import { i18n } from '@client/lib/i18n/i18n';
import { errorText } from '@client/lib/i18n/messages';
import { MANAGERS_MAX, positionGroup, STARTING_XI_MAX, SUBSTITUTES_MAX } from '@shared/domain';
import { type Player, SQUAD_ERRORS } from '@shared/players';
import type { PublishSquadBody } from '@shared/squad';

/** The admin's picks: the Starting XI (with the manager) and the substitutes. Player ids. */
export interface Selection {
  squad: number[];
  subs: number[];
}

export type SelectionRefusal = 'starter-limit' | 'manager-limit' | 'substitute-limit';
export type SelectionResult = { ok: true; selection: Selection } | { ok: false; reason: SelectionRefusal };

type RoleFields = Pick<Player, 'id' | 'isManager' | 'isSubstitute' | 'isAvailableForRating'>;

const without = (ids: number[], id: number) => ids.filter((x) => x !== id);
const withId = (ids: number[], id: number) => (ids.includes(id) ? ids : [...ids, id]);

/**
 * Ticks or unticks a Starting XI (or manager) box. At most 11 non-managers and 1 manager; a player
 * ticked into the XI leaves the substitutes.
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

/**
 * Ticks or unticks a Substitute box: at most 5 substitutes (those fans rate); a player ticked as a
 * substitute leaves the XI.
 */
export function toggleSubstitute(
  selection: Selection,
  playerId: number,
  checked: boolean,
  byId: ReadonlyMap<number, unknown>,
): SelectionResult {
  if (!checked) return { ok: true, selection: { ...selection, subs: without(selection.subs, playerId) } };
  if (selection.subs.includes(playerId)) return { ok: true, selection };
  if (knownIds(selection.subs, byId).length >= SUBSTITUTES_MAX)
    return { ok: false, reason: 'substitute-limit' };
  return {
    ok: true,
    selection: { squad: without(selection.squad, playerId), subs: withId(selection.subs, playerId) },
  };
}

/** Substitutes fans can rate now: published, flagged substitute, not the manager. */
export function isAddedSubstitute(player: RoleFields): boolean {
  return player.isAvailableForRating && player.isSubstitute && !player.isManager;
}

/**
 * A goalkeeper already added for rating as a substitute keeps their Substitute box ticked and locked in
 * the players table: they leave the rating from the substitutes list, where removing is its own action
 * (once removed there, the box is free again).
 */
export function substituteBoxLocked(
  selection: Selection,
  player: RoleFields & Pick<Player, 'position'>,
): boolean {
  return (
    selection.subs.includes(player.id) &&
    isAddedSubstitute(player) &&
    positionGroup(player.position) === 'Goalkeeper'
  );
}

/** Keeps only ids of players that still exist (a selection can outlive a player). */
export function knownIds(ids: number[], byId: ReadonlyMap<number, unknown>): number[] {
  return ids.filter((id) => byId.has(id));
}

/** With nothing stored yet, the selection starts from what is published. */
export function selectionFromPublished(players: RoleFields[]): Selection {
  return {
    squad: players.filter((p) => p.isAvailableForRating && (p.isManager || !p.isSubstitute)).map((p) => p.id),
    subs: players.filter(isAddedSubstitute).map((p) => p.id),
  };
}

const unique = (ids: number[]) => [...new Set(ids)];

/** The selection as the squad it publishes: starters, substitutes (none in the XI) and the manager. */
export function publishBody(selection: Selection, players: RoleFields[]): PublishSquadBody {
  const byId = new Map(players.map((p) => [p.id, p]));
  const squad = knownIds(unique(selection.squad), byId);
  const startingXI = squad.filter((id) => !byId.get(id)?.isManager);
  const managers = squad.filter((id) => byId.get(id)?.isManager);
  const substitutes = knownIds(unique(selection.subs), byId).filter(
    (id) => !squad.includes(id) && !byId.get(id)?.isManager,
  );
  return { startingXI, substitutes, managerId: managers[0] ?? null };
}

export interface PublishCheck {
  body: PublishSquadBody;
  starters: number;
  substitutes: number;
  managers: number;
  /** Players fans will rate once published. */
  total: number;
  /** What stops publishing. */
  errors: string[];
  /** What publishing allows but the admin should know. */
  warnings: string[];
  /** True when exactly this squad is published now. */
  published: boolean;
}

/** What 'Publish Squad' would publish, and whether it may. */
export function publishCheck(selection: Selection, players: RoleFields[]): PublishCheck {
  const body = publishBody(selection, players);
  const byId = new Map(players.map((p) => [p.id, p]));
  const managers = knownIds(selection.squad, byId).filter((id) => byId.get(id)?.isManager).length;
  const starters = body.startingXI.length;
  const substitutes = body.substitutes.length;
  const errors: string[] = [];
  const warnings: string[] = [];
  // Messages in the language being read, made when the check runs.
  if (starters === 0) errors.push(i18n._('admin-squad.check.pickStartingXi'));
  if (starters > STARTING_XI_MAX) errors.push(errorText(SQUAD_ERRORS.tooManyStarters));
  if (substitutes > SUBSTITUTES_MAX)
    errors.push(i18n._('admin-squad.check.tooManySubstitutes', { max: SUBSTITUTES_MAX }));
  if (managers > MANAGERS_MAX) errors.push(errorText(SQUAD_ERRORS.tooManyManagers));
  if (starters > 0 && starters < STARTING_XI_MAX)
    warnings.push(i18n._('admin-squad.check.shortStartingXi', { count: starters, max: STARTING_XI_MAX }));
  if (body.managerId === null) warnings.push(i18n._('admin-squad.check.noManager'));

  const chosen = new Set([
    ...body.startingXI,
    ...body.substitutes,
    ...(body.managerId ? [body.managerId] : []),
  ]);
  const live = players.filter((p) => p.isAvailableForRating);
  const published =
    live.length === chosen.size &&
    live.every(
      (p) => chosen.has(p.id) && (p.isManager || p.isSubstitute === body.substitutes.includes(p.id)),
    );
  return { body, starters, substitutes, managers, total: chosen.size, errors, warnings, published };
}
