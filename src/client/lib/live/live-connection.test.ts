import { LIVE_BEARER_PREFIX, LIVE_CLOSE_RECONNECT, LIVE_CLOSE_TOO_MANY, LIVE_PROTOCOL } from '@shared/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, LiveConnection, type LiveSocket, type LiveStatus } from './live-connection';

/** A WebSocket stand-in the test drives: open, greet, drop. */
class FakeSocket implements LiveSocket {
  static all: FakeSocket[] = [];
  readyState: number = 0;
  onopen: WebSocket['onopen'] = null;
  onmessage: WebSocket['onmessage'] = null;
  onclose: WebSocket['onclose'] = null;
  onerror: WebSocket['onerror'] = null;
  readonly sent: unknown[] = [];
  closedWith: number | undefined;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket opened');
    return socket;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.call(this as unknown as WebSocket, new Event('open'));
  }

  receive(message: unknown): void {
    const event = new MessageEvent('message', { data: JSON.stringify(message) });
    this.onmessage?.call(this as unknown as WebSocket, event);
  }

  /** Opens and greets, as the server does. */
  establish(): void {
    this.open();
    this.receive({ type: 'connection_established' });
  }

  drop(code = 1006): void {
    this.readyState = 3;
    this.onerror?.call(this as unknown as WebSocket, new Event('error'));
    this.onclose?.call(this as unknown as WebSocket, { code } as CloseEvent);
  }
}

function setup(protocols: () => string[] = () => [LIVE_PROTOCOL]) {
  const onMessage = vi.fn();
  const onPoll = vi.fn();
  const onConnected = vi.fn();
  const onlineListeners = new Set<() => void>();
  const statuses: LiveStatus[] = [];
  const connection = new LiveConnection({
    address: () => ({ url: 'ws://example.test/ws', protocols: protocols() }),
    onMessage,
    onPoll,
    onConnected,
    WebSocket: FakeSocket,
    online: {
      subscribe: (listener) => {
        onlineListeners.add(listener);
        return () => onlineListeners.delete(listener);
      },
    },
  });
  connection.subscribe((status) => statuses.push(status));
  connection.start();
  const goOnline = () => {
    for (const listener of onlineListeners) listener();
  };
  return { connection, onMessage, onPoll, onConnected, statuses, goOnline, onlineListeners };
}

/** Fails the latest socket and returns how long until the next one is created. */
function msUntilNextSocket(limitMs = 60_000): number | null {
  const before = FakeSocket.all.length;
  for (let ms = 0; ms <= limitMs; ms += 100) {
    if (FakeSocket.all.length > before) return ms;
    vi.advanceTimersByTime(100);
  }
  return null;
}

// Routine debug logs stay out of the test output.
let debugSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  debugSpy = vi.spyOn(console, 'debug').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  debugSpy?.mockRestore();
});

describe('LiveConnection', () => {
  it('sends a ping on open and is open once the server greets it', () => {
    const { connection, onMessage, onConnected } = setup();
    expect(connection.status).toBe('connecting');
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://example.test/ws');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'ping', timestamp: expect.any(Number) }]);
    expect(connection.status).toBe('connecting');
    socket.receive({ type: 'connection_established' });
    expect(connection.status).toBe('open');
    expect(onConnected).toHaveBeenCalledWith({ recovered: false });
    expect(onMessage).toHaveBeenCalledWith({ type: 'connection_established' });
  });

  it('ignores a message that is not JSON', () => {
    const { onMessage } = setup();
    const socket = FakeSocket.latest();
    socket.open();
    socket.onmessage?.call(socket as unknown as WebSocket, new MessageEvent('message', { data: 'nope' }));
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('reconnects with backoff 1, 2, 4, 8, 10 s and gives up after 5 attempts', () => {
    expect([0, 1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    const { connection, onPoll } = setup();
    const delays: (number | null)[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      FakeSocket.latest().drop();
      expect(connection.status).toBe('reconnecting');
      delays.push(msUntilNextSocket(20_000));
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10_000]);
    FakeSocket.latest().drop();
    expect(connection.status).toBe('polling');
    expect(FakeSocket.all).toHaveLength(6);
    // No sixth backoff attempt: 25 s have passed, and the next socket comes with the poll at 30 s.
    expect(onPoll).not.toHaveBeenCalled();
    expect(msUntilNextSocket(29_900)).toBe(5000);
    expect(onPoll).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(7);
  });

  it('polls every 30 s while the socket is down and stops when it is back', () => {
    const { connection, onPoll, onConnected } = setup();
    FakeSocket.latest().establish();
    vi.advanceTimersByTime(60_000);
    expect(onPoll).not.toHaveBeenCalled();

    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1000); // first retry starts
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(29_000);
    expect(onPoll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    expect(onPoll).toHaveBeenCalledTimes(2);

    // A retry gets through: polling stops, and the page is told to catch up.
    FakeSocket.latest().establish();
    expect(connection.status).toBe('open');
    expect(onConnected).toHaveBeenLastCalledWith({ recovered: true });
    vi.advanceTimersByTime(120_000);
    expect(onPoll).toHaveBeenCalledTimes(2);
  });

  it('after the attempts are used up, tries the socket once per polling period and at once when online', () => {
    const { connection, onPoll, goOnline } = setup();
    for (let attempt = 0; attempt < 5; attempt++) {
      FakeSocket.latest().drop();
      vi.advanceTimersByTime(backoffDelay(attempt));
    }
    FakeSocket.latest().drop();
    expect(connection.status).toBe('polling');
    const sockets = FakeSocket.all.length;
    const polls = onPoll.mock.calls.length;
    vi.advanceTimersByTime(30_000);
    expect(onPoll.mock.calls.length).toBe(polls + 1);
    expect(FakeSocket.all.length).toBe(sockets + 1);
    FakeSocket.latest().drop();
    expect(connection.status).toBe('polling');

    goOnline();
    expect(FakeSocket.all.length).toBe(sockets + 2);
    FakeSocket.latest().establish();
    expect(connection.status).toBe('open');
    const pollsWhenBack = onPoll.mock.calls.length;
    vi.advanceTimersByTime(90_000);
    expect(onPoll.mock.calls.length).toBe(pollsWhenBack);
    // Online while connected changes nothing.
    goOnline();
    expect(FakeSocket.all.length).toBe(sockets + 2);
  });

  it('tries at once when the browser comes back online during the backoff', () => {
    const { goOnline } = setup();
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(1);
    goOnline();
    expect(FakeSocket.all).toHaveLength(2);
    // The scheduled retry was replaced, not added to.
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('reconnects at once, without polling, when the server closes with 4000', () => {
    const { connection, onPoll, onConnected } = setup();
    FakeSocket.latest().establish();
    FakeSocket.latest().drop(LIVE_CLOSE_RECONNECT);
    expect(FakeSocket.all).toHaveLength(2);
    expect(connection.status).toBe('connecting');
    FakeSocket.latest().establish();
    expect(connection.status).toBe('open');
    // Missed messages are fetched: the page catches up as after any gap.
    expect(onConnected).toHaveBeenLastCalledWith({ recovered: true });
    vi.advanceTimersByTime(120_000);
    expect(onPoll).not.toHaveBeenCalled();
  });

  it('a 4000 close right after another one is treated as a failure (no tight loop)', () => {
    const { connection } = setup();
    FakeSocket.latest().establish();
    FakeSocket.latest().drop(LIVE_CLOSE_RECONNECT);
    FakeSocket.latest().establish();
    FakeSocket.latest().drop(LIVE_CLOSE_RECONNECT);
    expect(FakeSocket.all).toHaveLength(2);
    expect(connection.status).toBe('reconnecting');
  });

  it('tokens in logs: the bearer token rides in the subprotocols read at each connect, never in the URL', () => {
    let token = 'first-token';
    setup(() => [LIVE_PROTOCOL, `${LIVE_BEARER_PREFIX}${token}`]);
    expect(FakeSocket.latest().url).toBe('ws://example.test/ws');
    expect(FakeSocket.latest().protocols).toEqual([LIVE_PROTOCOL, `${LIVE_BEARER_PREFIX}first-token`]);
    token = 'second-token';
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.latest().url).toBe('ws://example.test/ws');
    expect(FakeSocket.latest().protocols).toEqual([LIVE_PROTOCOL, `${LIVE_BEARER_PREFIX}second-token`]);
  });

  it('socket floods: a close for too many sockets skips the quick retries and tries once per polling period', () => {
    const { connection, onPoll } = setup();
    FakeSocket.latest().open();
    FakeSocket.latest().drop(LIVE_CLOSE_TOO_MANY);
    expect(connection.status).toBe('polling');
    // No backoff retries: the next socket comes with the first poll, 30 s on.
    expect(msUntilNextSocket(60_000)).toBe(30_000);
    expect(onPoll).toHaveBeenCalledTimes(1);
    // Refused again: again only at the next poll.
    FakeSocket.latest().open();
    FakeSocket.latest().drop(LIVE_CLOSE_TOO_MANY);
    expect(msUntilNextSocket(60_000)).toBe(30_000);
    // Let in at last: open, and a later ordinary drop gets the usual quick retries.
    FakeSocket.latest().establish();
    expect(connection.status).toBe('open');
    FakeSocket.latest().drop();
    expect(connection.status).toBe('reconnecting');
    expect(msUntilNextSocket(20_000)).toBe(1000);
  });

  it('a socket that opens and drops before the server greets it is a failure', () => {
    const { connection, onPoll, onConnected } = setup();
    for (let attempt = 0; attempt < 5; attempt++) {
      FakeSocket.latest().open();
      FakeSocket.latest().drop(1000);
      vi.advanceTimersByTime(backoffDelay(attempt));
    }
    FakeSocket.latest().open();
    FakeSocket.latest().drop(1000);
    expect(connection.status).toBe('polling');
    expect(onConnected).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(onPoll).toHaveBeenCalled();
  });

  it('disposes cleanly: socket closed, timers stopped, no reconnect', () => {
    const { connection, onPoll, statuses, onlineListeners } = setup();
    FakeSocket.latest().establish();
    const socket = FakeSocket.latest();
    connection.dispose();
    expect(socket.closedWith).toBe(1000);
    expect(connection.status).toBe('closed');
    expect(statuses.at(-1)).toBe('closed');
    expect(onlineListeners.size).toBe(0);
    socket.drop();
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(onPoll).not.toHaveBeenCalled();
  });

  it('disposing while a retry is pending cancels it', () => {
    const { connection } = setup();
    FakeSocket.latest().drop();
    connection.dispose();
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('a socket still connecting at dispose is closed once it opens, not before', () => {
    const { connection } = setup();
    const socket = FakeSocket.latest();
    connection.dispose();
    expect(socket.closedWith).toBeUndefined();
    socket.open();
    expect(socket.closedWith).toBe(1000);
    expect(socket.sent).toEqual([]);
  });
});
