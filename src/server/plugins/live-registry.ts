import type { WebSocket } from 'ws';

/**
 * What the server keeps per socket, beside ws's own: as little as it can, since a match day holds tens
 * of thousands of them. Nothing of the upgrade request is kept.
 */
export interface LiveSocket {
  ws: WebSocket;
  userId: string | null;
  isAdmin: boolean;
  sessionHash: string | null;
  /** The client's address, for a signed-out socket (a signed-in one counts against its session). */
  address: string | null;
  /** Live matches in which this user has a final vote: they may see those results. Rarely more than one. */
  voted: number[];
  alive: boolean;
}

/** ws.send options for every message: all are JSON text. */
const TEXT = { binary: false } as const;

/**
 * The sockets open on this instance, by user, with the caps on how many one session (or, signed out,
 * one address) may hold, and the one way to send to them.
 */
export class SocketRegistry {
  readonly #sockets = new Set<LiveSocket>();
  readonly #byUser = new Map<string, Set<LiveSocket>>();
  readonly #perSession = new Map<string, number>();
  readonly #perAddress = new Map<string, number>();

  constructor(
    private readonly limits: { maxPerSession: number; maxPerAddress: number; maxBufferedBytes: number },
  ) {}

  get size(): number {
    return this.#sockets.size;
  }

  values(): IterableIterator<LiveSocket> {
    return this.#sockets.values();
  }

  forUser(userId: string): readonly LiveSocket[] {
    return [...(this.#byUser.get(userId) ?? [])];
  }

  /** Takes a socket in, unless its session or address is at its cap. */
  add(socket: LiveSocket): boolean {
    const { counts, key, max } = this.#capOf(socket);
    const taken = counts.get(key) ?? 0;
    if (taken >= max) return false;
    counts.set(key, taken + 1);
    this.#sockets.add(socket);
    if (socket.userId) {
      const own = this.#byUser.get(socket.userId) ?? new Set();
      own.add(socket);
      this.#byUser.set(socket.userId, own);
    }
    return true;
  }

  drop(socket: LiveSocket): void {
    if (!this.#sockets.delete(socket)) return;
    const { counts, key } = this.#capOf(socket);
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
    if (socket.userId) {
      const own = this.#byUser.get(socket.userId);
      own?.delete(socket);
      if (own?.size === 0) this.#byUser.delete(socket.userId);
    }
  }

  /** Sends unless the socket is closing; a reader that cannot keep up is cut so it reconnects. */
  send(socket: LiveSocket, data: Buffer | string): void {
    if (socket.ws.readyState !== socket.ws.OPEN) return;
    if (socket.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      socket.ws.terminate();
      this.drop(socket);
      return;
    }
    socket.ws.send(data, TEXT);
  }

  /** Every socket, forgotten at once (shutdown); the caller closes them. */
  takeAll(): LiveSocket[] {
    const all = [...this.#sockets];
    this.#sockets.clear();
    this.#byUser.clear();
    this.#perSession.clear();
    this.#perAddress.clear();
    return all;
  }

  #capOf(socket: LiveSocket) {
    return socket.sessionHash !== null
      ? { counts: this.#perSession, key: socket.sessionHash, max: this.limits.maxPerSession }
      : { counts: this.#perAddress, key: socket.address ?? '', max: this.limits.maxPerAddress };
  }
}
