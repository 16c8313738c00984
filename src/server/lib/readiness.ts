import { SERVER_ERRORS } from '@shared/error-messages';

export type ReadinessState = 'starting' | 'migrating' | 'ready' | 'draining';

export type ReadinessAnswer =
  | { status: 'ready' }
  | { status: 'starting' | 'migrating' | 'draining' | 'unavailable'; message: string };

const MESSAGES = {
  starting: 'Starting up',
  migrating: 'Migrating the database',
  draining: 'Shutting down',
  unavailable: SERVER_ERRORS.databaseUnreachable.message,
} as const;

/** A probe waits this long for the database before it says unavailable. */
const PING_TIMEOUT_MS = 2000;

/**
 * Whether this instance should be sent traffic: the one state both the public `/api/ready` and the
 * operations listener's `/ready` read. Ready means started, not shutting down, and the database answers.
 * Draining is final: a stopping instance never becomes ready again.
 */
export class Readiness {
  #state: ReadinessState;
  #ping: (() => Promise<void>) | null = null;
  /** Probes arriving together share one ping. */
  #pinging: Promise<boolean> | null = null;

  constructor(state: ReadinessState = 'starting') {
    this.#state = state;
  }

  get state(): ReadinessState {
    return this.#state;
  }

  set(state: ReadinessState): void {
    if (this.#state !== 'draining') this.#state = state;
  }

  /** Shutdown has begun: every probe says so from now on. */
  drain(): void {
    this.#state = 'draining';
  }

  /** How to ask the database if it answers (the app's, once built). */
  pingDatabaseWith(ping: () => Promise<void>): void {
    this.#ping = ping;
  }

  async check(): Promise<ReadinessAnswer> {
    const state = this.#state;
    if (state !== 'ready') return { status: state, message: MESSAGES[state] };
    if (!(await this.#databaseAnswers())) return { status: 'unavailable', message: MESSAGES.unavailable };
    // Shutdown may have begun while the database was asked.
    if (this.#state === 'draining') return { status: 'draining', message: MESSAGES.draining };
    return { status: 'ready' };
  }

  #databaseAnswers(): Promise<boolean> {
    const ping = this.#ping;
    if (!ping) return Promise.resolve(false);
    this.#pinging ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          ping().then(() => true),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
            timer.unref();
          }),
        ]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
        this.#pinging = null;
      }
    })();
    return this.#pinging;
  }
}
