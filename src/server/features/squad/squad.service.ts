import { MANAGERS_MAX, STARTING_XI_MAX, SUBSTITUTES_MAX } from '@shared/domain';
import { SQUAD_ERRORS } from '@shared/players';
import { PUBLISH_ERRORS, type PublishSquadBody } from '@shared/squad';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type PlayerRow, players } from '../../db/schema';
import { badRequest } from '../../lib/http-error';

interface Counted {
  starters: number;
  substitutes: number;
  managers: number;
}

/** The limits count non-manager non-substitutes, substitutes and managers. */
function countRoles(list: Pick<PlayerRow, 'isManager' | 'isSubstitute'>[]): Counted {
  const managers = list.filter((p) => p.isManager).length;
  const substitutes = list.filter((p) => !p.isManager && p.isSubstitute).length;
  return { managers, substitutes, starters: list.length - managers - substitutes };
}

function assertWithinLimits(counted: Counted): void {
  if (counted.starters > STARTING_XI_MAX) throw badRequest(SQUAD_ERRORS.tooManyStarters);
  if (counted.managers > MANAGERS_MAX) throw badRequest(SQUAD_ERRORS.tooManyManagers);
  if (counted.substitutes > SUBSTITUTES_MAX) throw badRequest(SQUAD_ERRORS.tooManySubstitutes);
}

/** Those in `regulars` (starters, the manager) are not substitutes; those in `subs` are. */
async function markSubstitutes(db: Database, regulars: number[], subs: number[]): Promise<void> {
  if (regulars.length)
    await db.update(players).set({ isSubstitute: false }).where(inArray(players.id, regulars));
  if (subs.length) await db.update(players).set({ isSubstitute: true }).where(inArray(players.id, subs));
}

async function loadPlayers(db: Database, ids: number[]): Promise<PlayerRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const list = await db.select().from(players).where(inArray(players.id, unique));
  if (list.length !== unique.length || list.some((p) => !p.isActive))
    throw badRequest(SQUAD_ERRORS.unknownPlayer);
  return list;
}

/** Replaces the whole set of players available for rating, within the limits. */
export async function setAvailableForRating(db: Database, playerIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const chosen = await loadPlayers(tx, playerIds);
    assertWithinLimits(countRoles(chosen));
    const ids = chosen.map((p) => p.id);
    await tx
      .update(players)
      .set({ isAvailableForRating: ids.length ? sql`${players.id} in ${ids}` : sql`false` })
      .where(sql`true`);
  });
}

/**
 * Marks the starters (the manager may stand among them) and the substitutes. The players available
 * for rating must still fit the limits afterwards.
 */
export async function updateSquad(db: Database, startingXI: number[], substitutes: number[]): Promise<void> {
  if (startingXI.some((id) => substitutes.includes(id))) throw badRequest(SQUAD_ERRORS.overlap);
  await db.transaction(async (tx) => {
    const starters = await loadPlayers(tx, startingXI);
    const subs = await loadPlayers(tx, substitutes);
    assertWithinLimits({ ...countRoles(starters), substitutes: 0 });
    if (subs.some((p) => p.isManager)) throw badRequest(SQUAD_ERRORS.tooManyManagers);
    await markSubstitutes(
      tx,
      starters.map((p) => p.id),
      subs.map((p) => p.id),
    );
    const available = await tx.select().from(players).where(eq(players.isAvailableForRating, true));
    assertWithinLimits(countRoles(available));
  });
}

/**
 * The match-day squad in one transaction: starters and the manager are not substitutes, the
 * substitutes are, and exactly these players are available for rating (everyone else is not).
 */
export async function publishSquad(db: Database, squad: PublishSquadBody): Promise<void> {
  const { startingXI, substitutes, managerId } = squad;
  if (startingXI.some((id) => substitutes.includes(id))) throw badRequest(SQUAD_ERRORS.overlap);
  if (managerId !== null && (startingXI.includes(managerId) || substitutes.includes(managerId)))
    throw badRequest(PUBLISH_ERRORS.managerElsewhere);
  await db.transaction(async (tx) => {
    const starters = await loadPlayers(tx, startingXI);
    const subs = await loadPlayers(tx, substitutes);
    const managers = await loadPlayers(tx, managerId === null ? [] : [managerId]);
    if ([...starters, ...subs].some((p) => p.isManager)) throw badRequest(PUBLISH_ERRORS.managerElsewhere);
    if (managers.some((p) => !p.isManager)) throw badRequest(PUBLISH_ERRORS.notAManager);
    const regulars = [...starters, ...managers].map((p) => p.id);
    await markSubstitutes(
      tx,
      regulars,
      subs.map((p) => p.id),
    );
    const rated = [...regulars, ...subs.map((p) => p.id)];
    await tx
      .update(players)
      .set({ isAvailableForRating: rated.length ? sql`${players.id} in ${rated}` : sql`false` })
      .where(sql`true`);
  });
}

export async function clearAllFromRating(db: Database): Promise<void> {
  await db.update(players).set({ isAvailableForRating: false }).where(eq(players.isAvailableForRating, true));
}
