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

/** A message for many sockets: its bytes, and the whole WebSocket frame that carries them. */
export interface PreparedMessage {
  data: Buffer;
  frame: Buffer;
}

/**
 * Frames a text message once for every socket it goes to: final, unmasked (server to client), with the
 * payload's length in 7, 16 or 64 bits. ws would build a header and write two chunks per socket.
 */
export function prepareText(payload: string): PreparedMessage {
  const data = Buffer.from(payload);
  const length = data.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  data.copy(frame, header);
  return { data, frame };
}

/** The TCP socket under a ws socket (ws keeps it as `_socket`). */
type RawSocket = { _socket?: { writable: boolean; write(chunk: Buffer): boolean } | null };

/**
 * The sockets open on this instance, by user, with the caps on how many one session, one user across
 * their sessions, or (signed out) one address may hold, and the one way to send to them.
 */
export class SocketRegistry {
  readonly #sockets = new Set<LiveSocket>();
  readonly #byUser = new Map<string, Set<LiveSocket>>();
  readonly #perSession = new Map<string, number>();
  readonly #perAddress = new Map<string, number>();

  constructor(
    private readonly limits: {
      maxPerSession: number;
      maxPerUser: number;
      maxPerAddress: number;
      maxBufferedBytes: number;
    },
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

  /** Takes a socket in, unless its session, its user (across sessions) or, signed out, its address is at its cap. */
  add(socket: LiveSocket): boolean {
    const { counts, key, max } = this.#capOf(socket);
    const taken = counts.get(key) ?? 0;
    if (taken >= max) return false;
    const own = socket.userId ? (this.#byUser.get(socket.userId) ?? new Set<LiveSocket>()) : null;
    if (own && own.size >= this.limits.maxPerUser) return false;
    counts.set(key, taken + 1);
    this.#sockets.add(socket);
    if (own && socket.userId) {
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
    if (this.#writable(socket)) socket.ws.send(data, TEXT);
  }

  /**
   * send() for a message framed once by prepareText: the frame goes straight onto the TCP socket, one
   * write per socket. Safe because compression is off and nothing is ever sent as a Blob: ws then writes
   * each of its own frames whole and at once, so no frame of its can be cut in two by this one.
   */
  sendPrepared(socket: LiveSocket, message: PreparedMessage): void {
    if (!this.#writable(socket)) return;
    const raw = (socket.ws as unknown as RawSocket)._socket;
    if (raw?.writable) raw.write(message.frame);
    else socket.ws.send(message.data, TEXT);
  }

  #writable(socket: LiveSocket): boolean {
    if (socket.ws.readyState !== socket.ws.OPEN) return false;
    if (socket.ws.bufferedAmount <= this.limits.maxBufferedBytes) return true;
    socket.ws.terminate();
    this.drop(socket);
    return false;
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
