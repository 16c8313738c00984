import type { Match } from '@shared/matches';

/** What a visitor is told of the current match: on now, coming next, or just over. */
export type TeaserPhase = 'live' | 'upcoming' | 'ended';

/** A kick-off this long gone without the match starting is no longer "next" (the server's own rule). */
const UPCOMING_GRACE_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The phase the visitor's home shows for the current match, or null when it would mislead: a match
 * called off, a postponed one (its day is no longer its day), or one not started whose day is unknown
 * or already gone.
 */
export function teaserPhase(match: Match, now: number = Date.now()): TeaserPhase | null {
  if (match.feedNote === 'called-off') return null;
  if (match.status === 'LIVE' || match.status === 'Half Time') return 'live';
  if (match.status === 'Match Ended') return 'ended';
  if (match.feedNote === 'postponed') return null;
  if (match.kickOffAt) {
    const kickOff = Date.parse(match.kickOffAt);
    return Number.isNaN(kickOff) || kickOff < now - UPCOMING_GRACE_MS ? null : 'upcoming';
  }
  if (!match.scheduledDate) return null;
  // The day is the club's, in no time zone: a day before yesterday (UTC) is gone wherever the club is.
  const yesterday = new Date(now - DAY_MS).toISOString().slice(0, 10);
  return match.scheduledDate < yesterday ? null : 'upcoming';
}
