/**
 * A server process's memory, for memory per socket: RSS from /proc, and V8's heap figures after a full
 * garbage collection asked for through the inspector (the server runs with --inspect on a port of its
 * own), so garbage left by the handshakes does not count as what the sockets hold. Without the
 * inspector, RSS as it is.
 */
import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';

export interface MemorySample {
  rss: number;
  /** V8 heap in use after the collection; null without the inspector. */
  heapUsed: number | null;
  /** V8 heap reserved (in use or not); null without the inspector. */
  heapTotal: number | null;
  /** Memory of Buffers and other objects outside the heap; null without the inspector. */
  external: number | null;
}

export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  const kb = Number(line?.match(/(\d+)/)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for ${pid}`);
  return kb * 1024;
}

/** The node flag that opens the inspector on `port`, 127.0.0.1 only. */
export const inspectFlag = (port: number) => `--inspect=127.0.0.1:${port}`;

interface InspectorReply {
  id: number;
  result?: { result?: { value?: unknown } };
  error?: { message: string };
}

type HeapFigures = { heapUsed: number; heapTotal: number; external: number };

async function viaInspector(port: number): Promise<HeapFigures> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl?: string;
  }>;
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error('no inspector target');
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let id = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<InspectorReply>((resolve, reject) => {
      id += 1;
      const mine = id;
      const timer = setTimeout(() => reject(new Error(`inspector: ${method} timed out`)), 60_000);
      const onMessage = (data: Buffer) => {
        const reply = JSON.parse(data.toString()) as InspectorReply;
        if (reply.id !== mine) return;
        clearTimeout(timer);
        ws.off('message', onMessage);
        if (reply.error) reject(new Error(`inspector: ${reply.error.message}`));
        else resolve(reply);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    // Twice: objects freed by the first collection's finalizers go in the second.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const reply = await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    const usage = JSON.parse(String(reply.result?.result?.value)) as HeapFigures;
    return { heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, external: usage.external };
  } finally {
    ws.terminate();
  }
}

export async function sampleMemory(pid: number, inspectorPort: number | null): Promise<MemorySample> {
  let heap: HeapFigures | null = null;
  if (inspectorPort !== null) {
    try {
      heap = await viaInspector(inspectorPort);
    } catch (error) {
      console.warn(`memory: no heap figures (${error instanceof Error ? error.message : error})`);
    }
  }
  return {
    rss: rssOf(pid),
    heapUsed: heap?.heapUsed ?? null,
    heapTotal: heap?.heapTotal ?? null,
    external: heap?.external ?? null,
  };
}

/**
 * What the process holds for `count` more objects between two samples: the growth of the V8 heap in use
 * after a full collection, plus that of the memory V8 knows is held outside it (Buffers and the like).
 * RSS growth would be the whole of it, but V8 commits and returns whole pages of its heap as it sees
 * fit, which moves RSS by tens of MB either way between two samples (negative growth is common);
 * native handles of a socket (libuv's and node's, a few hundred bytes) are not counted. RSS growth
 * without the inspector.
 */
export function bytesPerObject(before: MemorySample, after: MemorySample, count: number): number {
  if (
    before.heapUsed === null ||
    after.heapUsed === null ||
    before.external === null ||
    after.external === null
  )
    return (after.rss - before.rss) / count;
  return (after.heapUsed - before.heapUsed + after.external - before.external) / count;
}
