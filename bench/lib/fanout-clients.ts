/** The fanout benchmark's client processes, driven as one fleet from the benchmark's process. */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { type Cleanup, ROOT, withFileLimit } from '../../tests/support/processes';
import type { ClientCommand, ClientReply } from './fanout-protocol';

type Reply<T extends ClientReply['type']> = Extract<ClientReply, { type: T }>;

class ClientProcess {
  private readonly waiting: Array<(reply: ClientReply) => void> = [];
  private readonly exited: Promise<void>;
  private gone = false;

  constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    child.on('message', (reply: ClientReply) => this.waiting.shift()?.(reply));
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        this.gone = true;
        for (const wake of this.waiting.splice(0))
          wake({ type: 'failed', message: `${name} exited` } satisfies ClientReply);
        resolve();
      }),
    );
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** The next reply, which must be of type `expected`; commands are answered in order. */
  next<T extends ClientReply['type']>(expected: T, timeoutMs: number): Promise<Reply<T>> {
    return new Promise((resolve, reject) => {
      if (this.gone) return reject(new Error(`${this.name} has exited`));
      const timer = setTimeout(
        () => reject(new Error(`${this.name}: no ${expected} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiting.push((reply) => {
        clearTimeout(timer);
        if (reply.type === expected) resolve(reply as Reply<T>);
        else
          reject(new Error(`${this.name}: ${reply.type === 'failed' ? reply.message : `got ${reply.type}`}`));
      });
    });
  }

  ask<T extends ClientReply['type']>(
    command: ClientCommand,
    expected: T,
    timeoutMs: number,
  ): Promise<Reply<T>> {
    const reply = this.next(expected, timeoutMs);
    this.child.send(command);
    return reply;
  }

  async stop(): Promise<void> {
    if (this.gone) return;
    this.child.send({ type: 'exit' } satisfies ClientCommand);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }
}

export interface RoundArrivals {
  /** Per socket; -1 if its message never came. */
  arrivals: Float64Array;
  seqs: number[];
  duplicates: number;
  sample: string | null;
  dropped: number;
}

export class ClientFleet {
  private constructor(private readonly processes: ClientProcess[]) {}

  /** `count` client processes, each allowed `fileLimit` open files. */
  static async start(cleanup: Cleanup, count: number, fileLimit: number): Promise<ClientFleet> {
    const script = path.join(ROOT, 'bench/lib/fanout-client.ts');
    const processes = Array.from({ length: count }, (_, i) => {
      const [command, args] = withFileLimit(process.execPath, ['--import', 'tsx', script], fileLimit);
      const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      return new ClientProcess(`client process ${i + 1}`, child);
    });
    const fleet = new ClientFleet(processes);
    cleanup.add(() => fleet.stop());
    await Promise.all(processes.map((p) => p.next('ready', 30_000)));
    return fleet;
  }

  get pids(): number[] {
    return this.processes.map((p) => p.pid);
  }

  get size(): number {
    return this.processes.length;
  }

  /** Socket i goes to process i mod count, so every process holds an even share. Adds to those open. */
  private share<T>(items: T[], index: number): T[] {
    return items.filter((_, i) => i % this.processes.length === index);
  }

  async connect(url: string, cookies: string[], timeoutMs: number) {
    const inFlight = Math.max(16, Math.floor(256 / this.processes.length));
    const replies = await Promise.all(
      this.processes.map((p, i) =>
        p.ask(
          { type: 'connect', url, cookies: this.share(cookies, i), inFlight, timeoutMs },
          'connected',
          timeoutMs + 10_000,
        ),
      ),
    );
    return {
      connected: replies.reduce((sum, r) => sum + r.connected, 0),
      failed: replies.reduce((sum, r) => sum + r.failed, 0),
      notSignedIn: replies.reduce((sum, r) => sum + r.notSignedIn, 0),
      errors: replies.flatMap((r) => r.errors),
      ms: Math.max(...replies.map((r) => r.ms)),
    };
  }

  async arm(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.ask({ type: 'arm' }, 'armed', 10_000)));
  }

  async collect(timeoutMs: number): Promise<RoundArrivals> {
    const replies = await Promise.all(
      this.processes.map((p) => p.ask({ type: 'collect', timeoutMs }, 'collected', timeoutMs + 30_000)),
    );
    const arrivals = Float64Array.from(replies.flatMap((r) => r.arrivals));
    return {
      arrivals,
      seqs: [...new Set(replies.flatMap((r) => r.seqs))],
      duplicates: replies.reduce((sum, r) => sum + r.duplicates, 0),
      sample: replies.find((r) => r.sample !== null)?.sample ?? null,
      dropped: replies.reduce((sum, r) => sum + r.dropped, 0),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.ask({ type: 'close' }, 'closed', 60_000)));
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.stop()));
  }
}
