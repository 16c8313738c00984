/**
 * Each fan's live socket (/ws with the session cookie), held from arrival to the end of the match as the
 * page holds it. A socket the server closes is reopened as the page does (up to 5 times, backing off
 * from 1 s); messages are counted by type without parsing them, to keep this process's CPU for the load.
 */
import { LIVE_LIMITS } from '@shared/live';
import { WebSocket } from 'ws';
import type { CallLog } from '../../../tests/support/simulator-calls';

const TYPE = /"type":"([A-Za-z_]+)"/;
const CONNECT_TIMEOUT_MS = 30_000;

interface Held {
  ws: WebSocket | null;
  reconnects: number;
}

export class LiveSockets {
  private readonly held = new Set<Held>();
  private closing = false;
  open = 0;
  peak = 0;
  /** Closed by the server while the match was on. */
  dropped = 0;
  /** Could not be opened (after retries), or not reopened after a drop. */
  failed = 0;
  readonly messages: Record<string, number> = {};
  bytes = 0;

  constructor(
    private readonly url: string,
    private readonly log: CallLog,
  ) {}

  private readonly count = (data: Buffer) => {
    this.bytes += data.length;
    const type = TYPE.exec(data.toString('latin1', 0, Math.min(data.length, 48)))?.[1] ?? 'unknown';
    this.messages[type] = (this.messages[type] ?? 0) + 1;
  };

  /** Opens the fan's socket and keeps it open until closeAll(); resolves once it is first open (or given up). */
  async hold(cookie: string): Promise<void> {
    const held: Held = { ws: null, reconnects: 0 };
    this.held.add(held);
    await this.connect(held, cookie, true);
  }

  private async connect(held: Held, cookie: string, first: boolean): Promise<void> {
    const startedAt = performance.now();
    let reason = '';
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (this.closing) return;
      const ws = await this.tryOpen(cookie).catch((error: unknown) => {
        reason = error instanceof Error ? error.message : String(error);
        return null;
      });
      if (ws) {
        this.log.record('ws', true, startedAt, attempt, 101);
        this.adopt(held, ws, cookie);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
    this.failed++;
    this.log.record(
      'ws',
      false,
      startedAt,
      3,
      0,
      `${first ? 'could not open' : 'could not reopen'}: ${reason}`,
    );
  }

  private tryOpen(cookie: string): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url, {
        headers: { cookie },
        perMessageDeflate: false,
        skipUTF8Validation: true,
        handshakeTimeout: CONNECT_TIMEOUT_MS,
      });
      const fail = (error: Error) => {
        ws.removeAllListeners();
        ws.on('error', () => {});
        ws.terminate();
        reject(error);
      };
      // Before 'open': the server's first message may come in the same packet as its 101.
      ws.on('message', this.count);
      ws.once('open', () => {
        ws.removeListener('error', fail);
        ws.on('error', () => {});
        resolve(ws);
      });
      ws.once('error', fail);
      ws.once('unexpected-response', (_req, res) => fail(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  private adopt(held: Held, ws: WebSocket, cookie: string): void {
    held.ws = ws;
    this.open++;
    if (this.open > this.peak) this.peak = this.open;
    ws.once('close', () => {
      this.open--;
      held.ws = null;
      if (this.closing) return;
      // As the page: reconnect with backoff, at most LIVE_LIMITS.maxReconnectAttempts times.
      this.dropped++;
      if (held.reconnects >= LIVE_LIMITS.maxReconnectAttempts) {
        this.failed++;
        return;
      }
      const delay = Math.min(LIVE_LIMITS.backoffStartMs * 2 ** held.reconnects, LIVE_LIMITS.backoffMaxMs);
      held.reconnects++;
      setTimeout(() => void this.connect(held, cookie, false), delay);
    });
    // The page pings once on open.
    ws.send(JSON.stringify({ type: 'ping', timestamp: Date.now() }));
  }

  /** Closes every socket (the fans leave); waits for the closes, cutting any that hang. */
  async closeAll(): Promise<void> {
    this.closing = true;
    await Promise.all(
      [...this.held].map(
        ({ ws }) =>
          new Promise<void>((resolve) => {
            if (!ws || ws.readyState === WebSocket.CLOSED) return resolve();
            const cut = setTimeout(() => ws.terminate(), 5000);
            ws.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            ws.close(1000, 'match over');
          }),
      ),
    );
    this.held.clear();
  }
}
