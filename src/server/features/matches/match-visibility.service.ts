import { MATCH_ERRORS, type Match } from '@shared/matches';
import { hasEnded } from '@shared/rules';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { matches, matchReports } from '../../db/schema';
import type { Changed } from '../../lib/changes';
import { conflict, notFound } from '../../lib/http-error';
import { lockSeasons, refreshSeasonTable } from '../match-reports/seasons.service';
import { toMatch } from './matches.service';

/**
 * Takes an ended match out of the public history (`hidden`), or puts it back, and rebuilds the table of
 * the season its kept report is in, which then counts it or not. Only an ended match is hidden: a live
 * one is being rated, and one not yet played has no history to leave.
 */
export async function setMatchHidden(db: Database, matchId: number, hidden: boolean): Promise<Match> {
  return db.transaction(async (tx) => {
    // The lock every writer of season tables holds, taken first: a report kept meanwhile rebuilds the
    // table after this commits, from the match as it is now, never from the state before.
    await lockSeasons(tx);
    const [current] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
    if (!current) throw notFound(MATCH_ERRORS.notFound);
    if (hidden && current.isLive) throw conflict(MATCH_ERRORS.hideLive);
    if (hidden && !hasEnded(current)) throw conflict(MATCH_ERRORS.hideNotEnded);
    // Hiding a hidden match again keeps when it was first hidden.
    const hiddenAt = hidden ? (current.hiddenAt ?? new Date()) : null;
    const [row] = await tx.update(matches).set({ hiddenAt }).where(eq(matches.id, matchId)).returning();
    if (!row) throw notFound(MATCH_ERRORS.notFound);
    const [kept] = await tx
      .select({ season: matchReports.season })
      .from(matchReports)
      .where(eq(matchReports.matchId, matchId));
    if (kept) await refreshSeasonTable(tx, kept.season);
    return toMatch(row);
  });
}

/**
 * What hiding or showing a match changed: the match (the current match may be another one now, so
 * pages re-read it) and the public answers made from the reports (past matches, tables, player pages).
 */
export function matchVisibilityChanges(match: Match): Changed[] {
  return [
    {
      kind: 'match',
      matchId: match.id,
      change: { kind: match.hiddenAt ? 'hidden' : 'shown', score: match.score },
    },
    { kind: 'reports' },
  ];
}
