import type { SavedSeasonSettings, SeasonSettings } from '@shared/seasons-admin';
import type { Database } from '../../db/client';
import { getSeasonStartMonth, setSeasonStartMonth } from '../settings/settings.service';
import { lockSeasons, regroupSeasons } from './seasons.service';

export async function readSeasonSettings(db: Database): Promise<SeasonSettings> {
  return { startMonth: await getSeasonStartMonth(db) };
}

/**
 * Saves the month the club's seasons start in and, in the same transaction, moves every kept report to
 * its season under it and rebuilds every season table: the public seasons, tables and player pages
 * follow at once (its route says it changed `reports`), and no report is kept under the old month
 * meanwhile (they wait on the same lock).
 */
export async function changeSeasonStart(db: Database, startMonth: number): Promise<SavedSeasonSettings> {
  return db.transaction(async (tx) => {
    await lockSeasons(tx);
    await setSeasonStartMonth(tx, startMonth);
    const { matches, seasons } = await regroupSeasons(tx, startMonth);
    return { startMonth, matches, seasons };
  });
}
