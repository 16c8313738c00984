import type { Database } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { RowCache } from '../../lib/row-cache';
import { hasFinalVote } from './ratings.service';

/**
 * Who has submitted a match's final vote, asked by every results read. Only "yes" is kept: a vote is
 * never taken back (a removed one drops the match's entries), while a "no" may turn into a yes at any
 * moment on any instance.
 */
export class FinalVotesCache {
  private readonly voted = new RowCache<string, true>({ ttlMs: 60_000, max: 100_000 });

  constructor(
    private readonly db: Database,
    feed: ChangeFeed,
  ) {
    feed.subscribe((change) => {
      if (change.kind === 'votes' || change.kind === 'reset') this.voted.clear();
    });
  }

  async hasVoted(userId: string, matchId: number): Promise<boolean> {
    const found = await this.voted.get(voteKey(userId, matchId), async () =>
      (await hasFinalVote(this.db, userId, matchId)) ? true : undefined,
    );
    return found === true;
  }

  /** True when a vote is known in memory now; undefined when it must be asked (a "no" is never kept). */
  peek(userId: string, matchId: number): true | undefined {
    return this.voted.peek(voteKey(userId, matchId));
  }
}

const voteKey = (userId: string, matchId: number): string => `${matchId}:${userId}`;
