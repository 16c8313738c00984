import { count, sql } from 'drizzle-orm';
import type { Database } from './client';
import { announcement, banners, customization, players, socialMedia, trackingSettings } from './schema';
import { SQUADS } from './squads';

export interface SeedResult {
  players: number;
  squadKnown: boolean;
}

/**
 * Fills an empty database: the club's squad (unless the football-data feed brings it) and the singleton
 * settings rows. Idempotent, and safe when
 * several instances start at once (settings use ON CONFLICT; the squad goes in one statement).
 */
export async function seedDatabase(
  db: Database,
  clubName: string,
  options: { squad?: boolean } = {},
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Serializes concurrent first starts on one PostgreSQL; released at commit.
    await tx.execute(sql`select pg_advisory_xact_lock(72016502)`);
    await tx.insert(customization).values({ id: 1, companyName: clubName }).onConflictDoNothing();
    await tx.insert(announcement).values({ id: 1, text: null }).onConflictDoNothing();
    await tx.insert(socialMedia).values({ id: 1 }).onConflictDoNothing();
    await tx.insert(trackingSettings).values({ id: 1 }).onConflictDoNothing();
    await tx
      .insert(banners)
      .values([{ slot: 'banner1' }, { slot: 'banner2' }])
      .onConflictDoNothing();

    const squad = options.squad === false ? undefined : SQUADS[clubName];
    const [existing] = await tx.select({ n: count() }).from(players);
    if ((existing?.n ?? 0) > 0 || !squad) return { players: 0, squadKnown: Boolean(squad) };
    await tx.insert(players).values(
      squad.map((p) => ({
        name: p.name,
        position: p.position,
        jerseyNumber: p.jerseyNumber,
        isManager: p.position === 'Manager',
      })),
    );
    return { players: squad.length, squadKnown: true };
  });
}
