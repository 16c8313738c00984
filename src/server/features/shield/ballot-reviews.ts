import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { reviewBallots } from './shield.service';

/** How long a vote waits to be read with the others that arrive meanwhile. */
const BATCH_MS = 250;

/**
 * Reads fans' ballots for the shield after their votes are answered, a batch per match at a time: the
 * crowd's medians and the network counts are worked out once for every vote of the batch, not once per
 * vote, and never on the answer's path. `reviewed` hears of each match read, so its figures refresh.
 */
export class BallotReviews {
  readonly #pending = new Map<number, Map<string, string | null>>();
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly reviewed: (matchId: number) => void,
  ) {}

  /** A fan voted in the match from `network` (a /24 or /56, or null). */
  add(matchId: number, userId: string, network: string | null): void {
    const votes = this.#pending.get(matchId) ?? new Map<string, string | null>();
    votes.set(userId, network);
    this.#pending.set(matchId, votes);
    this.#timer ??= setTimeout(() => this.#flush(), BATCH_MS);
  }

  /** Resolves once every ballot added so far is read (tests, and closing). */
  async idle(): Promise<void> {
    while (this.#timer || this.#pending.size > 0) {
      if (this.#timer) {
        clearTimeout(this.#timer);
        this.#flush();
      }
      await this.#running;
    }
    await this.#running;
  }

  #flush(): void {
    this.#timer = null;
    const batch = [...this.#pending];
    this.#pending.clear();
    this.#running = this.#running.then(async () => {
      for (const [matchId, votes] of batch) {
        try {
          await reviewBallots(
            this.db,
            matchId,
            [...votes].map(([userId, network]) => ({ userId, network })),
          );
          this.reviewed(matchId);
        } catch (error) {
          // Full time reads every ballot again: one missed batch is caught up there.
          this.log.warn({ err: error, matchId }, 'ballots could not be read for the shield');
        }
      }
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shield's reading of votes after their answers (tests await it with idle()). */
    ballotReviews: BallotReviews;
  }
}
