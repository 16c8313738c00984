import type { LiveServerMessage } from '@shared/live';
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
  closed: Promise<{ code: number }>;
  close(): void;
}

export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

export async function openLive(
  base: string,
  options: { cookie?: string; token?: string; origin?: string; autoPong?: boolean } = {},
): Promise<LiveClient> {
  const url = `${base}/ws${options.token ? `?token=${encodeURIComponent(options.token)}` : ''}`;
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const ws = new WebSocket(url, { headers, autoPong: options.autoPong ?? true });
  const messages: LiveServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as LiveServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
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
