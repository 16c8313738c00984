import type { EmbedLive, EmbedSites } from '@shared/embed';
import type { Match } from '@shared/matches';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { embedSettings } from '../../db/schema';
import { upsertSingleton } from '../../db/singleton';
import { CHANGES_CHANNEL, type ChangeFeed } from '../../lib/change-feed';

export async function readEmbedSites(db: Database): Promise<EmbedSites> {
  const [row] = await db
    .select({ origins: embedSettings.frameAncestors })
    .from(embedSettings)
    .where(eq(embedSettings.id, 1));
  return { origins: row?.origins ?? [] };
}

/**
 * Saves the list and tells every instance (the same channel as the database's triggers): each drops the
 * list it keeps, so a site taken off can frame no widget from any instance a moment later.
 */
export async function saveEmbedSites(db: Database, origins: string[]): Promise<EmbedSites> {
  await upsertSingleton(db, embedSettings, { frameAncestors: origins });
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'embeds:')`);
  return { origins };
}

/** The list every widget page's `frame-ancestors` is made from, read once and kept until it changes. */
export class EmbedSitesCache {
  #kept: Promise<EmbedSites> | null = null;

  constructor(
    private readonly db: Database,
    feed: ChangeFeed,
  ) {
    feed.subscribe((change) => {
      if (change.kind === 'embeds' || change.kind === 'reset') this.#kept = null;
    });
  }

  get(): Promise<EmbedSites> {
    if (!this.#kept) {
      const reading = readEmbedSites(this.db);
      this.#kept = reading;
      // A failed read is not kept: the next widget asks again.
      reading.catch(() => {
        if (this.#kept === reading) this.#kept = null;
      });
    }
    return this.#kept;
  }
}

/** The phase the widgets show: before kick-off, live, half time or full time. */
export function phaseOf(match: Pick<Match, 'isLive' | 'isHalfTime' | 'startedAt'>) {
  if (match.isLive) return match.isHalfTime ? 'half-time' : 'live';
  return match.startedAt ? 'full-time' : 'upcoming';
}

/**
 * The live widget's answer: the current match (the live one, else the latest announced), its score and
 * phase and how many fans rated it. No figure of the ratings: those stay with the fans who voted until
 * full time, and the final ones are in the public report.
 */
export function liveWidgetState(match: Match | null, raters: number | null): EmbedLive {
  if (!match) return { match: null };
  const phase = phaseOf(match);
  return {
    match: {
      id: match.id,
      opponent: match.opponent,
      tournament: match.tournament,
      isHome: match.isHome,
      homeScore: match.homeScore,
      awayScore: match.awayScore,
      phase,
      startedAt: match.startedAt,
      scheduledDate: match.scheduledDate,
      kickOffTime: match.kickOffTime,
      raters: phase === 'upcoming' ? null : raters,
    },
  };
}

/**
 * The live widget's answer as encoded JSON, made at most once per `ttlMs` and shared by every reader
 * meanwhile (concurrent first reads share one making); a match write anywhere drops it at once. The
 * rater count may lag by `ttlMs`: it is a count, and the edges keep the answer longer anyway.
 */
export class LiveWidgetAnswer {
  #kept: { json: Promise<string>; until: number } | null = null;

  constructor(
    private readonly make: () => Promise<string>,
    feed: ChangeFeed,
    private readonly ttlMs = 2_000,
  ) {
    feed.subscribe((change) => {
      if (change.kind === 'match' || change.kind === 'reset') this.#kept = null;
    });
  }

  get(): Promise<string> {
    const now = Date.now();
    if (this.#kept && this.#kept.until > now) return this.#kept.json;
    const kept = { json: this.make(), until: now + this.ttlMs };
    this.#kept = kept;
    kept.json.catch(() => {
      if (this.#kept === kept) this.#kept = null;
    });
    return kept.json;
  }
}
