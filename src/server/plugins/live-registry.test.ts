import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { type LiveSocket, prepareText, SocketRegistry } from './live-registry';

let server: WebSocketServer;
let url: string;
beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const socket of server.clients) socket.terminate();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A real client and the server's side of it, in a registry. */
async function connected(registry: SocketRegistry) {
  const serverSide = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const client = new WebSocket(url);
  const received: string[] = [];
  client.on('message', (data, isBinary) => received.push(isBinary ? '(binary)' : data.toString()));
  await new Promise((resolve) => client.once('open', resolve));
  const socket: LiveSocket = {
    ws: await serverSide,
    userId: null,
    isAdmin: false,
    sessionHash: null,
    address: '127.0.0.1',
    voted: [],
    alive: true,
  };
  registry.add(socket);
  return { client, socket, received };
}

describe('a message framed once for every socket', () => {
  it('reaches ws clients whole, at every length the frame header encodes (7, 16 and 64 bits)', async () => {
    const registry = new SocketRegistry({
      maxPerSession: 10,
      maxPerUser: 20,
      maxPerAddress: 10,
      maxBufferedBytes: 1 << 20,
    });
    // One after the other: each waits for the server's next connection.
    const fans = [await connected(registry), await connected(registry)];
    const payloads = ['{"a":1}', `"${'é'.repeat(100)}"`, JSON.stringify('x'.repeat(70_000))];
    for (const payload of payloads) {
      const message = prepareText(payload);
      for (const socket of registry.values()) registry.sendPrepared(socket, message);
    }
    // Interleaved with ws's own frames, nothing is cut or reordered.
    const [first] = fans;
    if (!first) throw new Error('no socket');
    registry.send(first.socket, '"after"');
    await expect.poll(() => first.received.length).toBe(4);
    expect(first.received).toEqual([...payloads, '"after"']);
    await expect.poll(() => fans[1]?.received).toEqual(payloads);
    for (const { client } of fans) client.close();
  });

  it('cuts a socket off instead of piling frames onto a reader that does not keep up', async () => {
    const registry = new SocketRegistry({
      maxPerSession: 10,
      maxPerUser: 20,
      maxPerAddress: 10,
      maxBufferedBytes: 1024,
    });
    const { client, socket } = await connected(registry);
    const closed = new Promise((resolve) => client.once('close', resolve));
    // The client stops reading: the server's buffer grows past the limit and the socket is dropped.
    client.pause();
    const big = prepareText(JSON.stringify('y'.repeat(64 * 1024)));
    for (let i = 0; i < 200 && registry.size > 0; i++) registry.sendPrepared(socket, big);
    expect(registry.size).toBe(0);
    client.resume();
    await closed;
  });
});

describe('the caps on sockets', () => {
  /** A registry entry: the cap check reads who holds the socket, never the socket itself. */
  const held = (userId: string, sessionHash: string): LiveSocket => ({
    ws: {} as WebSocket,
    userId,
    isAdmin: false,
    sessionHash,
    address: '198.51.100.7',
    voted: [],
    alive: true,
  });

  it('caps one user across sessions: signing in again and again opens no more sockets', () => {
    const registry = new SocketRegistry({
      maxPerSession: 10,
      maxPerUser: 3,
      maxPerAddress: 10,
      maxBufferedBytes: 1024,
    });
    const mine = ['s1', 's2', 's3'].map((session) => held('fan', session));
    for (const socket of mine) expect(registry.add(socket)).toBe(true);
    // A fourth session of the same fan is turned away; another fan is not.
    expect(registry.add(held('fan', 's4'))).toBe(false);
    expect(registry.add(held('other fan', 's5'))).toBe(true);
    // A closed socket frees its slot.
    registry.drop(mine[0] as LiveSocket);
    expect(registry.add(held('fan', 's4'))).toBe(true);
    expect(registry.forUser('fan')).toHaveLength(3);
  });
});
