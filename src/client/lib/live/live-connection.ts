import { LIVE_CLOSE_RECONNECT, LIVE_CLOSE_TOO_MANY, LIVE_LIMITS } from '@shared/live';
import { debugLog } from '../debug-log';

/**
 * - connecting: the first connect (or an immediate reconnect the server asked for); not "down".
 * - open: the server greeted the socket.
 * - reconnecting: the socket failed; retrying with backoff while HTTP polling runs.
 * - polling: the retries are used up; polling runs and the socket is tried once per polling period.
 * - closed: disposed.
 */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'polling' | 'closed';

/** The part of the browser's WebSocket used here, so unit tests can pass a fake. */
export type LiveSocket = Pick<
  WebSocket,
  'readyState' | 'onopen' | 'onmessage' | 'onclose' | 'onerror' | 'send' | 'close'
>;
export type LiveSocketConstructor = new (url: string, protocols: string[]) => LiveSocket;

/** Where the socket connects, and the subprotocols it offers (the bearer token rides in one). */
export interface LiveAddress {
  url: string;
  protocols: string[];
}

export interface LiveTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

/** The browser's online state: the socket is retried at once when the network comes back. */
export interface OnlineSource {
  subscribe: (onOnline: () => void) => () => void;
}

export type LiveLimits = Pick<
  typeof LIVE_LIMITS,
  'maxReconnectAttempts' | 'backoffStartMs' | 'backoffMaxMs' | 'pollingIntervalMs'
>;

export interface LiveConnectionOptions {
  /** Read at every connect: the bearer token may have changed. */
  address: () => LiveAddress;
  /** Every message, parsed from JSON (not yet validated). */
  onMessage: (message: unknown) => void;
  /** Every polling period while the socket is down: refresh over HTTP instead. */
  onPoll: () => void;
  /**
   * The socket is up: called once per socket, before its first message is handled. `recovered` is true
   * when it had been down (or dropped) since the last time it was up, so missed updates need fetching.
   */
  onConnected?: (info: { recovered: boolean }) => void;
  WebSocket?: LiveSocketConstructor;
  timers?: LiveTimers;
  online?: OnlineSource;
  now?: () => number;
  limits?: LiveLimits;
}

// Globals are read at call time, so test fake timers installed later still apply.
const globalTimers: LiveTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

const windowOnline: OnlineSource = {
  subscribe: (onOnline) => {
    if (typeof window === 'undefined') return () => {};
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  },
};

const CONNECTING = 0;
const OPEN = 1;

/** The delay before reconnect attempt `attempt` (0-based): 1 s doubling, capped (1, 2, 4, 8, 10 s). */
export function backoffDelay(attempt: number, limits: LiveLimits = LIVE_LIMITS): number {
  return Math.min(limits.backoffStartMs * 2 ** attempt, limits.backoffMaxMs);
}

/**
 * The page's live socket, free of React. WebSocket first; when it fails,
 * a limited number of reconnects with backoff while HTTP polling fills in; after that the socket is
 * tried once per polling period and whenever the browser comes back online. A socket counts as up
 * once the server has sent something: one that opens and drops at once (a proxy, a refusing server)
 * is a failure, so it cannot hold off polling forever.
 */
export class LiveConnection {
  readonly #options: LiveConnectionOptions;
  readonly #WebSocket: LiveSocketConstructor;
  readonly #timers: LiveTimers;
  readonly #limits: LiveLimits;
  readonly #now: () => number;
  readonly #listeners = new Set<(status: LiveStatus) => void>();

  #status: LiveStatus = 'connecting';
  #socket: LiveSocket | null = null;
  #established = false;
  #attempts = 0;
  #down = false;
  #retryTimer: unknown = null;
  #pollTimer: unknown = null;
  #lastQuickReconnect = Number.NEGATIVE_INFINITY;
  #unsubscribeOnline: (() => void) | null = null;
  #started = false;
  #disposed = false;

  constructor(options: LiveConnectionOptions) {
    this.#options = options;
    this.#WebSocket = options.WebSocket ?? globalThis.WebSocket;
    this.#timers = options.timers ?? globalTimers;
    this.#limits = options.limits ?? LIVE_LIMITS;
    this.#now = options.now ?? Date.now;
  }

  get status(): LiveStatus {
    return this.#status;
  }

  subscribe(listener: (status: LiveStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  start(): void {
    if (this.#started || this.#disposed) return;
    this.#started = true;
    this.#unsubscribeOnline = (this.#options.online ?? windowOnline).subscribe(() => this.#onOnline());
    this.#connect();
  }

  /** Closes the socket and stops every timer; the connection cannot be started again. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#clearRetry();
    this.#stopPolling();
    this.#unsubscribeOnline?.();
    this.#unsubscribeOnline = null;
    const socket = this.#socket;
    this.#socket = null;
    if (socket) closeQuietly(socket);
    this.#setStatus('closed');
    this.#listeners.clear();
  }

  #setStatus(status: LiveStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    for (const listener of this.#listeners) listener(status);
  }

  #connect(): void {
    this.#clearRetry();
    let socket: LiveSocket;
    try {
      const { url, protocols } = this.#options.address();
      socket = new this.#WebSocket(url, protocols);
    } catch (error) {
      // An unusable address: fall back as for any failure.
      debugLog('Live connection could not be opened', error);
      this.#down = true;
      this.#handleDown();
      return;
    }
    this.#socket = socket;
    this.#established = false;
    socket.onopen = () => {
      if (socket !== this.#socket) return;
      socket.send(JSON.stringify({ type: 'ping', timestamp: this.#now() }));
    };
    socket.onmessage = (event) => {
      if (socket !== this.#socket) return;
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        debugLog('Live message is not JSON; ignored');
        return;
      }
      if (!this.#established) this.#markEstablished();
      this.#options.onMessage(message);
    };
    socket.onerror = () => {
      // A close event follows every error; that is where the socket is retried.
      if (socket === this.#socket) debugLog('Live connection error');
    };
    socket.onclose = (event) => {
      if (socket !== this.#socket) return;
      this.#socket = null;
      this.#onClosed(event.code);
    };
  }

  #markEstablished(): void {
    this.#established = true;
    this.#attempts = 0;
    this.#stopPolling();
    const recovered = this.#down;
    this.#down = false;
    this.#setStatus('open');
    this.#options.onConnected?.({ recovered });
  }

  #onClosed(code: number): void {
    if (this.#disposed) return;
    const wasEstablished = this.#established;
    this.#established = false;
    this.#down = true;
    // The server restarts or ended the session: reconnect at once, unless it keeps doing so.
    const now = this.#now();
    if (
      code === LIVE_CLOSE_RECONNECT &&
      wasEstablished &&
      now - this.#lastQuickReconnect >= this.#limits.backoffStartMs
    ) {
      this.#lastQuickReconnect = now;
      this.#setStatus('connecting');
      this.#connect();
      return;
    }
    // Over the server's cap of sockets: no quick retries, one try per polling period until one is let in.
    if (code === LIVE_CLOSE_TOO_MANY)
      this.#attempts = Math.max(this.#attempts, this.#limits.maxReconnectAttempts);
    this.#handleDown();
  }

  #handleDown(): void {
    this.#startPolling();
    if (this.#attempts < this.#limits.maxReconnectAttempts) {
      const delay = backoffDelay(this.#attempts, this.#limits);
      this.#attempts += 1;
      this.#setStatus('reconnecting');
      this.#retryTimer = this.#timers.setTimeout(() => {
        this.#retryTimer = null;
        this.#connect();
      }, delay);
    } else {
      this.#setStatus('polling');
    }
  }

  #onOnline(): void {
    // Back online: try the socket now rather than at the next backoff step or polling period.
    if (this.#disposed || this.#socket !== null) return;
    this.#connect();
  }

  #startPolling(): void {
    if (this.#pollTimer !== null) return;
    this.#pollTimer = this.#timers.setInterval(() => {
      this.#options.onPoll();
      // Retries used up: the socket gets one more chance per polling period.
      const retriesUsedUp = this.#attempts >= this.#limits.maxReconnectAttempts;
      if (retriesUsedUp && this.#socket === null && this.#retryTimer === null) this.#connect();
    }, this.#limits.pollingIntervalMs);
  }

  #stopPolling(): void {
    if (this.#pollTimer === null) return;
    this.#timers.clearInterval(this.#pollTimer);
    this.#pollTimer = null;
  }

  #clearRetry(): void {
    if (this.#retryTimer === null) return;
    this.#timers.clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
  }
}

/** Closes a socket without firing our handlers; one still connecting is closed once it opens. */
function closeQuietly(socket: LiveSocket): void {
  socket.onmessage = null;
  socket.onerror = null;
  socket.onclose = null;
  if (socket.readyState === CONNECTING) {
    // Closing a connecting socket makes the browser log an error; wait for it to open instead.
    socket.onopen = () => socket.close(1000);
  } else {
    socket.onopen = null;
    if (socket.readyState === OPEN) socket.close(1000);
  }
}
