import { MATCH_ERRORS, type Match } from '@shared/matches';
import type { Database } from '../../db/client';
import type { MatchRow } from '../../db/schema';
import type { ChangeFeed } from '../../lib/change-feed';
import { notFound } from '../../lib/http-error';
import { RowCache } from '../../lib/row-cache';
import { currentMatch, findMatch } from './matches.service';

const OPTIONS = { ttlMs: 10_000, max: 1_000 };

/**
 * Match rows and the current match, read on every fan's page and every results call, from memory. A
 * match write anywhere (one may end another's live state) drops them all: there are few matches.
 */
export class MatchCache {
  private readonly rows = new RowCache<number, MatchRow>(OPTIONS);
  private readonly current = new RowCache<'current', { match: Match | null }>(OPTIONS);

  constructor(
    private readonly db: Database,
    feed: ChangeFeed,
  ) {
    feed.subscribe((change) => {
      if (change.kind !== 'match' && change.kind !== 'reset') return;
      this.rows.clear();
      this.current.clear();
    });
  }

  find(id: number): Promise<MatchRow | undefined> {
    return this.rows.get(id, (key) => findMatch(this.db, key));
  }

  /** The row if it is in memory now (a miss is not read): for the fast reads, which fall through on a miss. */
  peek(id: number): MatchRow | undefined {
    return this.rows.peek(id);
  }

  async require(id: number): Promise<MatchRow> {
    const row = await this.find(id);
    if (!row) throw notFound(MATCH_ERRORS.notFound);
    return row;
  }

  /** The live match, else the most recently created one, else null. */
  async currentMatch(): Promise<Match | null> {
    const found = await this.current.get('current', async () => ({ match: await currentMatch(this.db) }));
    return found?.match ?? null;
  }
}
