import type { Database } from '../../db/client';
import type { VapidDetails } from '../../env';
import type { ChangeFeed } from '../../lib/change-feed';
import { type DeliveryOptions, deliver, VapidAuthorizations } from './push-delivery';
import {
  claimJobs,
  expandChunk,
  type Job,
  type Outcome,
  type PushPass,
  recordOutcomes,
  type SendFacts,
  sendFacts,
  sendsBeingMade,
} from './push-queue';

export interface PushSenderOptions {
  vapid: VapidDetails;
  /** PUSH_SERVICES: a subscription elsewhere is removed rather than called. */
  services: readonly string[];
  /** How often an idle worker looks for due jobs (it also wakes on any match change). Default 5 s. */
  pollMs?: number;
  /** Jobs taken per claim. Default 128. */
  batchSize?: number;
  /** Answers recorded per database round trip. Default 200. */
  settleEvery?: number;
  /** Requests in flight at once from this instance. Default 64. */
  concurrency?: number;
  /** Tries before a job is given up. Default 5. */
  maxAttempts?: number;
  /** Wait after the first failure, doubled after each further one (or the service's Retry-After). Default 10 s. */
  backoffMs?: number;
  /** Longest wait between tries. Default 10 min. */
  maxBackoffMs?: number;
  /** A push service taking longer than this counts as failed and is retried. Default 10 s. */
  timeoutMs?: number;
  /** How long a claimed job is kept from other instances while this one sends it. Default 60 s. */
  leaseMs?: number;
  log?: { warn(details: object, message: string): void };
}

/** How long a pass waits for jobs still being made before it claims again. */
const EXPANSION_WAIT_MS = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a pass works with: the options with their defaults, and a way to ask whether the worker stopped. */
interface PassSettings {
  db: Database;
  batchSize: number;
  concurrency: number;
  leaseMs: number;
  timeoutMs: number;
  settleEvery: number;
  maxAttempts: number;
  log: PushSenderOptions['log'];
  delivery: DeliveryOptions;
  stopped: () => boolean;
}

function passSettings(db: Database, options: PushSenderOptions, stopped: () => boolean): PassSettings {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    db,
    batchSize: options.batchSize ?? 128,
    concurrency: options.concurrency ?? 64,
    leaseMs: options.leaseMs ?? 60_000,
    timeoutMs,
    settleEvery: options.settleEvery ?? 200,
    maxAttempts: options.maxAttempts ?? 5,
    log: options.log,
    delivery: {
      services: options.services,
      authorizations: new VapidAuthorizations(options.vapid),
      timeoutMs,
      backoffMs: options.backoffMs ?? 10_000,
      maxBackoffMs: options.maxBackoffMs ?? 10 * 60_000,
    },
    stopped,
  };
}

/**
 * Makes every send's jobs. A send's row may be locked a moment by a round of answers being recorded,
 * or by another instance making its next chunk: then this one waits and tries again until none is left.
 */
async function expandAll(settings: PassSettings): Promise<void> {
  while (!settings.stopped()) {
    if (await expandChunk(settings.db)) continue;
    if (!(await sendsBeingMade(settings.db))) return;
    await sleep(EXPANSION_WAIT_MS);
  }
}

/**
 * One pass: sends are made into jobs while the jobs already made go out; every due job is tried once,
 * `concurrency` at a time. At most about two rounds of jobs wait here, so each is sent well within its
 * lease; one that waited too long anyway is left for the next claim rather than sent late.
 */
class Pass {
  readonly #result: PushPass = { sent: 0, failed: 0, removed: 0, retried: 0 };
  #expanding = false;
  #expansion: Promise<void> = Promise.resolve();
  readonly #facts = new Map<number, SendFacts>();
  readonly #queue: (Job & { claimedAt: number })[] = [];
  #exhausted = false;
  #claiming: Promise<void> | undefined;
  #answers: Outcome[] = [];
  #settling: Promise<void> = Promise.resolve();

  constructor(private readonly settings: PassSettings) {}

  async run(): Promise<PushPass> {
    this.#startExpansion();
    await Promise.all(Array.from({ length: this.settings.concurrency }, () => this.#worker()));
    await this.#expansion;
    await this.#flush();
    return this.#result;
  }

  /** Also when a send appears mid-pass (another match event): its jobs are made and sent in this pass. */
  #startExpansion(): void {
    this.#expanding = true;
    this.#expansion = expandAll(this.settings).finally(() => {
      this.#expanding = false;
    });
  }

  async #refill(): Promise<void> {
    const { db, batchSize, leaseMs } = this.settings;
    const claimedAt = Date.now();
    const claimed = await claimJobs(db, batchSize, leaseMs);
    if (claimed.length < batchSize) {
      // Fewer than asked: done, unless jobs are still being made (by this pass or another instance).
      if (!this.#expanding && (await sendsBeingMade(db))) this.#startExpansion();
      if (this.#expanding) await Promise.race([this.#expansion, sleep(EXPANSION_WAIT_MS)]);
      else this.#exhausted = true;
    }
    const unknown = [...new Set(claimed.map((j) => j.sendId))].filter((id) => !this.#facts.has(id));
    if (unknown.length) for (const [id, f] of await sendFacts(db, unknown)) this.#facts.set(id, f);
    for (const job of claimed) this.#queue.push({ ...job, claimedAt });
  }

  #flush(): Promise<void> {
    const round = this.#answers;
    this.#answers = [];
    const { db, maxAttempts, log } = this.settings;
    // A round that cannot be recorded stays leased and goes again after the lease; later rounds still count.
    this.#settling = this.#settling
      .then(() => recordOutcomes(db, round, this.#result, { maxAttempts, log }))
      .catch((error: unknown) => log?.warn({ err: error }, 'push answers not recorded'));
    return this.#settling;
  }

  async #worker(): Promise<void> {
    const { concurrency, leaseMs, timeoutMs, settleEvery, delivery, stopped } = this.settings;
    for (;;) {
      if (stopped()) return;
      if (this.#queue.length < concurrency && !this.#exhausted && !this.#claiming)
        this.#claiming = this.#refill().finally(() => {
          this.#claiming = undefined;
        });
      const job = this.#queue.shift();
      if (!job) {
        if (this.#claiming) {
          await this.#claiming;
          continue;
        }
        return;
      }
      if (Date.now() - job.claimedAt > leaseMs - timeoutMs) continue;
      const outcome = await deliver(job, this.#facts.get(job.sendId), delivery);
      // Pushed after the await: a flush during the delivery has replaced the answers.
      this.#answers.push(outcome);
      if (this.#answers.length >= settleEvery) await this.#flush();
    }
  }
}

/**
 * Sends match notifications through the fans' push services (Web Push: VAPID, aes128gcm) from a queue in
 * the database that every instance drains. A send is expanded into one job per subscription once (in
 * chunks, each guarded by its row lock and the jobs' unique key); a job is claimed with SKIP LOCKED and
 * leased while in flight, so an instance that dies mid-send leaves its jobs to the others once the lease
 * ends. 429 and 5xx are retried with backoff; 404 and 410 remove the subscription.
 */
export function createPushSender(db: Database, options: PushSenderOptions) {
  const pollMs = options.pollMs ?? 5000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PushPass> | undefined;
  let again = false;
  let stopped = false;
  const settings = passSettings(db, options, () => stopped);
  const warnFailed = (error: unknown) => options.log?.warn({ err: error }, 'push pass failed');

  /** Runs a pass unless one is running here; a wake during a pass runs another right after it. */
  function runOnce(): Promise<PushPass> {
    if (running) {
      again = true;
      return running;
    }
    running = new Pass(settings).run().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void runOnce().catch(warnFailed);
      }
    });
    return running;
  }

  const wake = () => {
    runOnce().catch(warnFailed);
  };

  let unsubscribe: (() => void) | undefined;
  return {
    runOnce,
    wake,
    /** Polls, and wakes at once on a match change (this instance's or, through the database, another's). */
    start(changes?: ChangeFeed): void {
      if (timer) return;
      stopped = false;
      timer = setInterval(wake, pollMs);
      timer.unref();
      unsubscribe = changes?.subscribe((change) => {
        if (change.kind === 'match') wake();
      });
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      unsubscribe?.();
      await running?.catch(() => undefined);
    },
  };
}
export type PushSender = ReturnType<typeof createPushSender>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The push queue's worker on this instance (tests drive passes through it). */
    push: PushSender;
  }
}
