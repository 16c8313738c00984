import { playerList } from '@shared/players';
import type { Database } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { encodeJson } from '../../lib/json-answer';
import { RowCache } from '../../lib/row-cache';
import { listAvailablePlayers } from './players.service';

/**
 * The players fans rate, as the JSON the route sends: every fan's page asks for it, and it changes only
 * when the admin changes the squad (any players write drops it) or the club's colours (the portraits'
 * addresses name them).
 */
export class AvailablePlayersCache {
  private readonly answer = new RowCache<'available', string>({ ttlMs: 10_000, max: 1 });

  constructor(
    private readonly db: Database,
    feed: ChangeFeed,
  ) {
    feed.subscribe((change) => {
      if (change.kind === 'players' || change.kind === 'branding' || change.kind === 'reset')
        this.answer.clear();
    });
  }

  json(): Promise<string> {
    return this.answer.get('available', async () =>
      encodeJson(playerList, await listAvailablePlayers(this.db)),
    ) as Promise<string>;
  }

  /** The answer if it is in memory now (a miss is not read): for the fast reads, which fall through on a miss. */
  peek(): string | undefined {
    return this.answer.peek('available');
  }
}
