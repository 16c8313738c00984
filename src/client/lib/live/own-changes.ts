import type { LiveMessageType } from '@shared/live';

/** An echo later than this is not waited for any more (the change may never have reached the server). */
export const OWN_ECHO_WINDOW_MS = 10_000;

/**
 * The live messages this tab's own admin changes are about to cause. The server pushes every change to
 * every signed-in socket, this tab's included; the echo of the admin's own change must not raise the
 * fans' toast at the admin who made it (the admin's page already says so itself). Each change expects
 * one echo; a failed request takes its expectation back, and one never echoed expires.
 */
export class OwnChanges {
  readonly #pending = new Map<LiveMessageType, number[]>();

  constructor(private readonly windowMs = OWN_ECHO_WINDOW_MS) {}

  /** Before sending a change that the server will push as `type`. */
  expect(type: LiveMessageType, now = Date.now()): void {
    this.#pending.set(type, [...this.#live(type, now), now + this.windowMs]);
  }

  /** The change was refused or never sent: no echo is coming. */
  cancel(type: LiveMessageType, now = Date.now()): void {
    this.#pending.set(type, this.#live(type, now).slice(1));
  }

  /** True (and used up) when a message of this type is the echo of a change made here. */
  takeEcho(type: LiveMessageType, now = Date.now()): boolean {
    const pending = this.#live(type, now);
    this.#pending.set(type, pending.slice(1));
    return pending.length > 0;
  }

  /** Sends a change through `send`, expecting its echo unless it fails. */
  async track<T>(type: LiveMessageType, send: () => Promise<T>): Promise<T> {
    this.expect(type);
    try {
      return await send();
    } catch (error) {
      this.cancel(type);
      throw error;
    }
  }

  #live(type: LiveMessageType, now: number): number[] {
    return (this.#pending.get(type) ?? []).filter((expiry) => expiry > now);
  }
}

/** This tab's changes (one page, one store). */
export const ownChanges = new OwnChanges();
