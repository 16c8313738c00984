import { type LiveServerMessage, liveProtocols } from '@shared/live';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

type Typed<T extends LiveServerMessage['type']> = Extract<LiveServerMessage, { type: T }>;

/** A real WebSocket client on a listening app, recording every message it receives. */
export interface LiveClient {
  ws: WebSocket;
  messages: LiveServerMessage[];
  /** The first message (already received or to come) of the type that passes the test. */
  next<T extends LiveServerMessage['type']>(
    type: T,
    test?: (message: Typed<T>) => boolean,
    timeoutMs?: number,
  ): Promise<Typed<T>>;
  of<T extends LiveServerMessage['type']>(type: T): Typed<T>[];
  /** The Sec-WebSocket-Protocol of the server's handshake answer, if it sent one. */
  answeredProtocol: string | undefined;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

export interface OpenLiveOptions {
  cookie?: string;
  /** A bearer token, offered as the page does (a subprotocol) unless `tokenIn` says the URL, as older pages did. */
  token?: string;
  tokenIn?: 'protocol' | 'query';
  /** The subprotocols to offer instead of the page's; [] for none. */
  protocols?: string[];
  origin?: string;
  autoPong?: boolean;
}

export async function openLive(base: string, options: OpenLiveOptions = {}): Promise<LiveClient> {
  const inQuery = options.token !== undefined && options.tokenIn === 'query';
  const url = `${base}/ws${inQuery ? `?token=${encodeURIComponent(options.token ?? '')}` : ''}`;
  const protocols = options.protocols ?? liveProtocols(inQuery ? null : (options.token ?? null));
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const ws = new WebSocket(url, protocols, { headers, autoPong: options.autoPong ?? true });
  let answeredProtocol: string | undefined;
  ws.once('upgrade', (response) => {
    const header = response.headers['sec-websocket-protocol'];
    answeredProtocol = Array.isArray(header) ? header.join(', ') : header;
  });
  const messages: LiveServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as LiveServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (req, res) => {
      req.destroy();
      reject(new Error(`upgrade refused: ${res.statusCode}`));
    });
  });

  const of = <T extends LiveServerMessage['type']>(type: T) =>
    messages.filter((m): m is Typed<T> => m.type === type);
  return {
    ws,
    messages,
    of,
    answeredProtocol,
    closed,
    close: () => ws.terminate(),
    next: (type, test = () => true, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const found = of(type).find(test);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`no ${type} within ${timeoutMs} ms; got ${messages.map((m) => m.type).join(', ')}`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(look);
        };
        waiters.add(look);
        look();
      }),
  };
}

/** Lets messages that would have arrived by now arrive, to check that one did not. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
