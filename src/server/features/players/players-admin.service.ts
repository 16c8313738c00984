import { MANAGERS_MAX, STARTING_XI_MAX } from '@shared/domain';
import { PLAYER_ERRORS, type Player, SQUAD_ERRORS } from '@shared/players';
import type { playerBody, playerImagesResult } from '@shared/squad';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { type PlayerRow, players } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { PROVIDER_PLAYER_IMAGE, storeImage } from '../uploads/uploads.service';
import type { FootballData } from './football-data';
import { toShownPlayer } from './players.service';

type PlayerFields = z.output<typeof playerBody>;

export async function requirePlayer(db: Database, id: number): Promise<PlayerRow> {
  const [row] = await db.select().from(players).where(eq(players.id, id)).limit(1);
  if (!row) throw notFound(PLAYER_ERRORS.notFound);
  return row;
}

/** A custom player: active, not yet in the squad published for rating. */
export async function createPlayer(db: Database, input: PlayerFields): Promise<Player> {
  const [row] = await db
    .insert(players)
    .values({
      name: input.name,
      position: input.position,
      isManager: input.position === 'Manager',
      jerseyNumber: input.jerseyNumber ?? null,
      apiPlayerId: input.apiPlayerId ?? null,
      isActive: true,
      isAvailableForRating: false,
      isSubstitute: false,
    })
    .returning();
  if (!row) throw new Error('player not created');
  return toShownPlayer(db, row);
}

/**
 * Edits name and position, and the jersey number and provider id when given (null clears them, absent
 * keeps them). Turning a published player into the manager, or back, must keep the published squad
 * within its limits.
 */
export async function updatePlayer(db: Database, id: number, input: PlayerFields): Promise<Player> {
  return db.transaction(async (tx) => {
    const current = await requirePlayer(tx, id);
    const isManager = input.position === 'Manager';
    const [row] = await tx
      .update(players)
      .set({
        name: input.name,
        position: input.position,
        isManager,
        // Substitutes are non-managers.
        ...(isManager ? { isSubstitute: false } : {}),
        ...(input.jerseyNumber !== undefined ? { jerseyNumber: input.jerseyNumber } : {}),
        ...(input.apiPlayerId !== undefined ? { apiPlayerId: input.apiPlayerId } : {}),
      })
      .where(eq(players.id, id))
      .returning();
    if (!row) throw notFound(PLAYER_ERRORS.notFound);
    if (current.isAvailableForRating && current.isManager !== isManager) await assertPublishedLimits(tx);
    return toShownPlayer(tx, row);
  });
}

async function assertPublishedLimits(db: Database): Promise<void> {
  const published = await db
    .select({ isManager: players.isManager, isSubstitute: players.isSubstitute })
    .from(players)
    .where(eq(players.isAvailableForRating, true));
  const managers = published.filter((p) => p.isManager).length;
  const starters = published.filter((p) => !p.isManager && !p.isSubstitute).length;
  if (managers > MANAGERS_MAX) throw badRequest(SQUAD_ERRORS.tooManyManagers);
  if (starters > STARTING_XI_MAX) throw badRequest(SQUAD_ERRORS.tooManyStarters);
}

export async function setPlayerImage(db: Database, id: number, objectPath: string): Promise<void> {
  const updated = await db
    .update(players)
    .set({ image: objectPath })
    .where(eq(players.id, id))
    .returning({ id: players.id });
  if (updated.length === 0) throw notFound(PLAYER_ERRORS.notFound);
}

/** Requests to the provider at once: polite to its rate limits, quick enough for a squad of 30. */
const CONCURRENCY = 4;

/**
 * Fills the photo of every active player with a provider id: asks the provider, downloads the photo and
 * keeps it re-encoded like an upload. A player the provider cannot serve is skipped and counted.
 */
export async function updatePlayerImages(
  db: Database,
  provider: FootballData,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<z.infer<typeof playerImagesResult>> {
  const list = await db
    .select({ id: players.id, name: players.name, apiPlayerId: players.apiPlayerId })
    .from(players)
    .where(and(eq(players.isActive, true), isNotNull(players.apiPlayerId)));

  let updated = 0;
  let skipped = 0;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < list.length; i = next++) {
      const player = list[i];
      if (!player?.apiPlayerId) continue;
      try {
        const photoUrl = await provider.playerPhotoUrl(player.apiPlayerId);
        const bytes = await provider.download(photoUrl);
        const stored = await storeImage(db, bytes, PROVIDER_PLAYER_IMAGE);
        await db.update(players).set({ image: stored.objectPath }).where(eq(players.id, player.id));
        updated += 1;
      } catch (error) {
        skipped += 1;
        log.warn(
          { err: error, playerId: player.id, apiPlayerId: player.apiPlayerId },
          'player image skipped',
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, list.length) }, worker));
  return { updated, skipped, message: imagesMessage(updated, skipped, list.length) };
}

function imagesMessage(updated: number, skipped: number, total: number): string {
  if (total === 0) return 'No active player has a provider id (apiPlayerId) yet: add it in Edit Player.';
  const images = (n: number) => `${n} player image${n === 1 ? '' : 's'}`;
  return skipped === 0
    ? `Updated ${images(updated)}.`
    : `Updated ${images(updated)}; ${skipped} could not be fetched from the provider.`;
}
