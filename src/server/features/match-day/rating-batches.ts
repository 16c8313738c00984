import type { RatingBody } from '@shared/ratings';
import { type Database, perDatabase, preparedStatement } from '../../db/client';

/**
 * What lets a rating in, checked inside the statement that writes it so two racing requests cannot both
 * pass: the match is live, the player is available for rating and active, and the fan has no final vote.
 * `r` is the candidate row. The single and batch statements below share it, so the rules live once.
 */
const RATING_RULES = `where exists (select 1 from matches m where m.id = r.match_id and m.is_live)
    and exists (select 1 from players p where p.id = r.player_id and p.is_available_for_rating and p.is_active)
    and not exists (select 1 from user_votes v where v.user_id = r.user_id and v.match_id = r.match_id)
  on conflict (user_id, player_id, match_id)
  do update set rating = excluded.rating, updated_at = now()`;

/**
 * Creates or replaces one fan's rating in one statement: the happy path is a single indexed upsert with no
 * lock shared between fans, and sending the same rating twice leaves one row. Exported with its parameters
 * so the ratings benchmark sends exactly what a lone rating costs.
 */
export const RATING_UPSERT = `insert into ratings (user_id, player_id, match_id, rating)
  select r.user_id, r.player_id, r.match_id, r.rating
  from (values ($1::uuid, $2::int, $3::int, $4::smallint)) as r(user_id, player_id, match_id, rating)
  ${RATING_RULES}
  returning id`;

export const ratingUpsertParams = (input: RatingBody) =>
  [input.userId, input.playerId, input.matchId, input.rating] as const;

/** The same for many fans at once. Rows come in key order, so two batches lock shared rows alike. */
const RATING_BATCH_UPSERT = `insert into ratings (user_id, player_id, match_id, rating)
  select r.user_id, r.player_id, r.match_id, r.rating
  from unnest($1::uuid[], $2::int[], $3::int[], $4::smallint[]) as r(user_id, player_id, match_id, rating)
  ${RATING_RULES}
  returning id, user_id as "userId", player_id as "playerId", match_id as "matchId"`;

type SavedRow = { id: number; userId: string; playerId: number; matchId: number };

const upsertOne = preparedStatement<{ id: number }>(RATING_UPSERT);
const upsertMany = preparedStatement<SavedRow>(RATING_BATCH_UPSERT);

interface Waiting {
  input: RatingBody;
  resolve: (id: number | null) => void;
  reject: (error: unknown) => void;
}

export interface RatingBatchOptions {
  /** Batches being written at once. Default 4: the rest of the pool stays free for everything else. */
  inFlight: number;
  /** Ratings in one statement at most. */
  maxBatch: number;
}

const keyOf = (input: Pick<RatingBody, 'userId' | 'playerId' | 'matchId'>) =>
  `${input.userId.toLowerCase()}|${input.playerId}|${input.matchId}`;

/** PostgreSQL's integrity violations (class 23) and a deadlock: a batch retried row by row isolates them. */
const rowLevel = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('23') || code === '40P01');
};

/**
 * Ratings arriving together are written together: while `inFlight` statements are out, new ratings wait
 * and then go in one statement, so under a crowd each rating costs PostgreSQL a share of one statement,
 * one commit and one round trip, and the server one write to the pool instead of one each. A lone rating
 * goes at once (after the current turn of the event loop, to catch those that arrived with it).
 * Resolves with the saved row's id, or null when a rule refused it.
 */
export class RatingBatches {
  private waiting: Waiting[] = [];
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly db: Database,
    private readonly options: RatingBatchOptions = { inFlight: 4, maxBatch: 256 },
  ) {}

  save(input: RatingBody): Promise<number | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.options.inFlight || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.running < this.options.inFlight && this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.options.maxBatch);
        this.running++;
        void this.write(batch).finally(() => {
          this.running--;
          this.schedule();
        });
      }
    });
  }

  private async write(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      return this.writeOne(only);
    }
    // The same fan, player and match twice in one batch: the later rating is the one kept, as if they
    // had been written one after the other; both are answered as saved.
    const latest = new Map<string, RatingBody>();
    for (const { input } of batch) latest.set(keyOf(input), input);
    const rows = [...latest.values()].sort(
      (a, b) =>
        (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0) ||
        a.matchId - b.matchId ||
        a.playerId - b.playerId,
    );
    let saved: SavedRow[];
    try {
      saved = await upsertMany(this.db, [
        rows.map((r) => r.userId),
        rows.map((r) => r.playerId),
        rows.map((r) => r.matchId),
        rows.map((r) => r.rating),
      ]);
    } catch (error) {
      // One bad row (an account deleted meanwhile) must not refuse the others' ratings.
      if (rowLevel(error)) {
        await Promise.all(batch.map((item) => this.writeOne(item)));
        return;
      }
      for (const item of batch) item.reject(error);
      return;
    }
    const ids = new Map(saved.map((row) => [keyOf(row), row.id]));
    for (const item of batch) item.resolve(ids.get(keyOf(item.input)) ?? null);
  }

  private async writeOne(item: Waiting): Promise<void> {
    try {
      const [row] = await upsertOne(this.db, [...ratingUpsertParams(item.input)]);
      item.resolve(row?.id ?? null);
    } catch (error) {
      item.reject(error);
    }
  }
}

/** The database's batcher: the ratings in flight belong to it. */
export const ratingBatchesOf = perDatabase((db) => new RatingBatches(db));
