/**
 * One client process of the fanout benchmark (run by bench/fanout.ts with an IPC channel): holds many
 * WebSockets to one server and reports when each received the round's leaderboard_update.
 *
 * It spends as little CPU per message as it can, since it shares the cores with the server: sockets are
 * LeanSocket (fanout-socket.ts), a message is told apart by its first bytes and only its `seq` is read;
 * one message per round is handed back whole, for the parent to check. Times are `performance.timeOrigin + performance.now()`, the wall clock at
 * sub-millisecond resolution, comparable between processes of one machine.
 */
import type { ClientCommand, ClientReply } from './fanout-protocol';
import { LeanSocket } from './fanout-socket';

const ESTABLISHED = Buffer.from('{"type":"connection_established"');
const BOARD = Buffer.from('{"type":"leaderboard_update"');
const SEQ = Buffer.from('"seq":');

const now = () => performance.timeOrigin + performance.now();

interface Client {
  ws: LeanSocket;
  established: boolean;
}

let clients: Client[] = [];
/** Arrival of the round's first leaderboard_update per client; NaN until it came. */
let arrivals = new Float64Array(0);
let seqs = new Float64Array(0);
let received = 0;
/** Sockets open when the round was armed: the round is complete once each of them has its message. */
let expected = 0;
/** Per socket, 1 if it was open when the round was armed (a socket that failed to open is not counted). */
let counted = new Uint8Array(0);
let duplicates = 0;
let sample: string | null = null;
let armed = false;
let closing = false;
/** Sockets that closed while they should have stayed open. */
let dropped = 0;
let notSignedIn = 0;
let onReceived: (() => void) | null = null;

function reply(message: ClientReply): void {
  process.send?.(message);
}

function startsWith(data: Buffer, prefix: Buffer): boolean {
  return data.length >= prefix.length && data.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;
}

/** The digits after "seq": (the data object's, which comes before the leaderboard's entries). */
function seqOf(data: Buffer): number {
  const at = data.indexOf(SEQ);
  if (at < 0) return Number.NaN;
  let value = 0;
  let i = at + SEQ.length;
  for (; i < data.length; i += 1) {
    const digit = (data[i] ?? 0) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return i === at + SEQ.length ? Number.NaN : value;
}

function onMessage(index: number, client: Client, data: Buffer): void {
  if (startsWith(data, BOARD)) {
    if (!armed) return;
    if (!Number.isNaN(arrivals[index] as number)) {
      duplicates += 1;
      return;
    }
    arrivals[index] = now();
    seqs[index] = seqOf(data);
    sample ??= data.toString();
    received += 1;
    if (received === expected) onReceived?.();
    return;
  }
  if (startsWith(data, ESTABLISHED) && !client.established) {
    client.established = true;
    if (!data.includes('"signedIn":true')) notSignedIn += 1;
  }
}

async function connect(url: string, cookies: string[], inFlight: number, timeoutMs: number) {
  const started = now();
  const deadline = Date.now() + timeoutMs;
  const errors: string[] = [];
  let failed = 0;
  const from = clients.length;
  const target = new URL(url);
  const open = (cookie: string) =>
    new Promise<void>((resolve) => {
      let settled = false;
      const done = (error?: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) {
          failed += 1;
          if (errors.length < 5) errors.push(error);
          client.ws.terminate();
        }
        resolve();
      };
      const client: Client = {
        ws: new LeanSocket(
          target.hostname,
          Number(target.port),
          target.pathname,
          cookie ? { Cookie: cookie } : {},
          {
            onOpen: () => {},
            onMessage: (data) => {
              onMessage(index, client, data);
              if (client.established) done();
            },
            onClose: (error) => {
              if (!settled) done(error ?? 'closed before connection_established');
              else if (!closing) dropped += 1;
            },
          },
        ),
        established: false,
      };
      const index = clients.push(client) - 1;
      const timer = setTimeout(
        () => done('no connection_established in time'),
        Math.max(1000, deadline - Date.now()),
      );
    });
  // A bounded number of handshakes at a time, so the server's listen backlog never overflows.
  let next = 0;
  const worker = async () => {
    while (next < cookies.length) {
      const cookie = cookies[next] ?? '';
      next += 1;
      await open(cookie);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, cookies.length) }, worker));
  arrivals = new Float64Array(clients.length).fill(Number.NaN);
  seqs = new Float64Array(clients.length).fill(Number.NaN);
  return { connected: clients.length - from - failed, failed, errors, ms: now() - started };
}

function arm(): void {
  arrivals.fill(Number.NaN);
  seqs.fill(Number.NaN);
  received = 0;
  duplicates = 0;
  sample = null;
  counted = Uint8Array.from(clients, (c) => (c.ws.open ? 1 : 0));
  expected = counted.reduce((sum, open) => sum + open, 0);
  armed = true;
}

async function collect(timeoutMs: number): Promise<ClientReply> {
  if (received < expected)
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      onReceived = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  onReceived = null;
  armed = false;
  const seqSet = new Set<number>();
  for (const seq of seqs) if (!Number.isNaN(seq)) seqSet.add(seq);
  return {
    type: 'collected',
    // JSON has no NaN: a client that got nothing is -1.
    arrivals: Array.from(arrivals, (t) => (Number.isNaN(t) ? -1 : t)).filter((_, i) => counted[i] === 1),
    seqs: [...seqSet],
    duplicates,
    sample,
    dropped: droppedSince(),
  };
}

/** Sockets dropped since the last report. */
function droppedSince(): number {
  const count = dropped;
  dropped = 0;
  return count;
}

async function closeAll(): Promise<void> {
  closing = true;
  for (const c of clients) c.ws.terminate();
  clients = [];
  closing = false;
  dropped = 0;
  notSignedIn = 0;
}

process.on('message', (command: ClientCommand) => {
  void (async () => {
    switch (command.type) {
      case 'connect': {
        const result = await connect(command.url, command.cookies, command.inFlight, command.timeoutMs);
        reply({ type: 'connected', ...result, notSignedIn });
        return;
      }
      case 'arm':
        arm();
        reply({ type: 'armed' });
        return;
      case 'collect':
        reply(await collect(command.timeoutMs));
        return;
      case 'close':
        await closeAll();
        reply({ type: 'closed' });
        return;
      case 'exit':
        process.exit(0);
    }
  })().catch((error: unknown) => {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  });
});
process.on('disconnect', () => process.exit(0));
reply({ type: 'ready' });
