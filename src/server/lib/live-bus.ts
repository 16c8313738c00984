import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Who may receive a live message. A socket receives it when any rule of the audience matches it. */
export type AudienceRule =
  | { to: 'anyone' }
  | { to: 'signed-in' }
  /**
   * Those who may read a match's results (the rule the HTTP routes ask: `resultsVisible`), admins or
   * fans apart, as the two are sent different payloads.
   */
  | { to: 'results-readers'; matchId: number; matchEnded: boolean; admins: boolean };

/** What instances tell each other. `payload` is the message already serialized, once, by its sender. */
export type BusEvent =
  /** `since`: when the earliest write the message reports was taken (ms since the epoch), for the push lag. */
  | { kind: 'deliver'; audience: AudienceRule[]; payload: string; since?: number }
  /** A user's final vote: their sockets on every instance may now receive the match's results. */
  | { kind: 'voted'; userId: string; matchId: number }
  /** Close a user's sockets (or one session's) so they reconnect as whoever they now are. */
  | { kind: 'reconnect'; userId: string; sessionHash?: string }
  /** A match's figures changed through some instance: cached results of it are out of date. */
  | { kind: 'stale'; matchId: number };

export interface LiveBus {
  publish(event: BusEvent): void;
  subscribe(handler: (event: BusEvent) => void): void;
  /** The Redis connection for cross-instance coordination, while it is up; null without Redis. */
  redis(): Redis | null;
  close(): Promise<void>;
}

/** One process: events go straight to this instance's sockets. */
export class LocalBus implements LiveBus {
  private readonly handlers: Array<(event: BusEvent) => void> = [];
  publish(event: BusEvent): void {
    for (const handler of this.handlers) handler(event);
  }
  subscribe(handler: (event: BusEvent) => void): void {
    this.handlers.push(handler);
  }
  redis(): null {
    return null;
  }
  async close(): Promise<void> {}
}

export interface RedisBusOptions {
  url: string;
  /** Prefixes the channel and keys, so several products (or test runs) can share one Redis. */
  prefix: string;
  log: FastifyBaseLogger;
  /** How long start-up waits for Redis before serving without it (it keeps reconnecting). */
  connectTimeoutMs?: number;
}

const isBusEvent = (value: unknown): value is BusEvent =>
  typeof value === 'object' &&
  value !== null &&
  ['deliver', 'voted', 'reconnect', 'stale'].includes((value as { kind?: unknown }).kind as string);

/**
 * Several instances: every event goes through one Redis channel and comes back to every instance,
 * this one included. While Redis is unreachable each instance keeps serving its own sockets (events
 * are delivered locally) and says so once in the log; ioredis reconnects and resubscribes by itself.
 */
export class RedisBus implements LiveBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly local = new LocalBus();
  private down = false;
  /** Whether the subscriber has confirmed the subscription since it last (re)connected. */
  private listening = false;
  private closing = false;
  private readonly subscribed: Promise<void>;

  private constructor(private readonly options: RedisBusOptions) {
    this.channel = `${options.prefix}:live`;
    const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2000);
    // Fail fast instead of queueing while Redis is away: the event is then delivered locally.
    this.publisher = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy,
      connectionName: `${options.prefix}:pub`,
    });
    // The subscription waits for Redis however late it comes, and is renewed after each reconnect here
    // rather than by ioredis: events go through Redis again only once it is confirmed, so none published
    // between the reconnect and the renewal is lost to this instance's own sockets.
    this.subscriber = new Redis(options.url, {
      maxRetriesPerRequest: null,
      retryStrategy,
      autoResubscribe: false,
      connectionName: `${options.prefix}:sub`,
    });
    this.subscribed = new Promise((resolve) => {
      this.subscriber.on('ready', () => {
        this.subscriber.subscribe(this.channel).then(
          () => {
            this.listening = true;
            resolve();
            this.back();
          },
          (error: Error) => this.lost(error),
        );
      });
    });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: Error) => this.lost(error));
      connection.on('close', () => {
        if (connection === this.subscriber) this.listening = false;
        if (!this.closing) this.lost(new Error('connection closed'));
      });
    }
    this.publisher.on('ready', () => this.back());
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      let event: unknown;
      try {
        event = JSON.parse(message);
      } catch {
        return;
      }
      if (isBusEvent(event)) this.local.publish(event);
    });
  }

  static async connect(options: RedisBusOptions): Promise<RedisBus> {
    const bus = new RedisBus(options);
    const timeout = options.connectTimeoutMs ?? 3000;
    const ready = (connection: Redis) =>
      connection.status === 'ready'
        ? Promise.resolve()
        : new Promise((resolve) => connection.once('ready', resolve));
    await Promise.race([
      Promise.all([ready(bus.publisher), bus.subscribed]),
      new Promise((resolve) => setTimeout(resolve, timeout).unref()),
    ]);
    if (bus.publisher.status !== 'ready' || !bus.listening)
      bus.lost(new Error(`no answer within ${timeout} ms`));
    return bus;
  }

  private lost(error: Error): void {
    if (this.down) return;
    this.down = true;
    this.options.log.warn(
      { err: error.message },
      'Redis is unreachable: live events reach only this instance until it is back',
    );
  }

  private back(): void {
    if (!this.down || this.publisher.status !== 'ready' || !this.listening) return;
    this.down = false;
    this.options.log.info('Redis is back: live events reach every instance again');
  }

  publish(event: BusEvent): void {
    if (this.publisher.status !== 'ready' || !this.listening) {
      this.local.publish(event);
      return;
    }
    this.publisher.publish(this.channel, JSON.stringify(event)).catch((error: Error) => {
      this.lost(error);
      this.local.publish(event);
    });
  }

  subscribe(handler: (event: BusEvent) => void): void {
    this.local.subscribe(handler);
  }

  redis(): Redis | null {
    return this.publisher.status === 'ready' ? this.publisher : null;
  }

  async close(): Promise<void> {
    this.closing = true;
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
