import type { DbHandle } from '../db/client';

/**
 * What a cache must drop. The database triggers (migrations 0002, 0009 and 0011) announce the first five
 * and `branding` on 'matchday_changes' to every instance; this instance's writes emit `user`, `match`,
 * `players`, `reports` and `branding` too, before answering (plugins/changes.ts and the reports' writer),
 * so their writer's next request never waits for the notice.
 */
export type Change =
  | { kind: 'user'; userId: string }
  | { kind: 'match'; matchId: number }
  | { kind: 'players' }
  | { kind: 'votes'; matchId: number }
  | { kind: 'reports' }
  /** The branding (the club's colours among it) changed. */
  | { kind: 'branding' }
  /** The sites that may frame the widgets changed (features/embed: the writer notifies every instance). */
  | { kind: 'embeds' }
  /** API keys created or revoked (features/api-keys: the writer notifies every instance). */
  | { kind: 'apiKeys' }
  /** Listening (re)started: anything may have changed unseen. */
  | { kind: 'reset' };

export const CHANGES_CHANNEL = 'matchday_changes';

export function parseChange(payload: string): Change | null {
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const key = payload.slice(colon + 1);
  if (kind === 'user' && key) return { kind, userId: key };
  if (
    kind === 'players' ||
    kind === 'branding' ||
    kind === 'reports' ||
    kind === 'embeds' ||
    kind === 'apiKeys'
  )
    return { kind };
  const id = Number(key);
  if (!Number.isSafeInteger(id)) return null;
  if (kind === 'match') return { kind, matchId: id };
  if (kind === 'votes') return { kind, matchId: id };
  return null;
}

/**
 * Row changes for the caches every instance keeps: the database's triggers fire whichever instance or code
 * path wrote, so no cache depends on its writer remembering to invalidate it; a write on this instance
 * emits its own at once, so its writer's next request never waits for the notice.
 */
export class ChangeFeed {
  private readonly listeners = new Set<(change: Change) => void>();
  private stop: (() => Promise<void>) | null = null;

  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Also called by writers on this instance, so their own next request never sees the old row. */
  emit(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }

  async start(database: DbHandle): Promise<void> {
    this.stop = await database.listen(
      CHANGES_CHANNEL,
      (payload) => {
        const change = parseChange(payload);
        if (change) this.emit(change);
      },
      () => this.emit({ kind: 'reset' }),
    );
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
    this.listeners.clear();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Row changes for the in-memory caches (tests and the push worker listen to it). */
    changeFeed: ChangeFeed;
  }
}
