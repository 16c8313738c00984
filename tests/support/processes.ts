/** Server processes under test, and cleaning up after them whatever way the benchmark ends. */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface ServerProcess {
  name: string;
  pid: number;
  port: number;
  /** host:port, for the Host header. */
  host: string;
  url: string;
  /** The last few kB the process wrote (stdout and stderr): its warnings and errors, to show on a failure. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx <script>`, or plain `node` for compiled JavaScript (`dist/server/main.js`, as
 * `npm start` runs the product), without a wrapper process, so its pid is the server's, and waits for
 * GET /api/health to answer 200.
 */
export async function startServer(options: {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
  port: number;
  timeoutMs?: number;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** Open files the process may hold (sockets count), when more than the shell's limit is needed. */
  fileLimit?: number;
}): Promise<ServerProcess> {
  const [command, args] = withFileLimit(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      ...(options.script.endsWith('.js') ? [] : ['--import', 'tsx']),
      options.script,
    ],
    options.fileLimit,
  );
  const child = spawn(command, args, {
    cwd: ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (gone) throw new Error(`${options.name} exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} not ready in time:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name: options.name,
    pid: child.pid ?? 0,
    port: options.port,
    host: `127.0.0.1:${options.port}`,
    url,
    output: () => output,
    stop: async () => {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The command and arguments that run `command` with up to `limit` open files (soft and hard; sockets
 * count). Raising the hard limit needs CAP_SYS_RESOURCE (root usually has it, a container may not): when
 * that is refused the command gets this process's hard limit. prlimit execs the command, so the child's
 * pid is the command's; fileLimitOf tells what it got.
 */
export function withFileLimit(command: string, args: string[], limit?: number): [string, string[]] {
  if (!limit) return [command, args];
  const granted = grantableFileLimit(limit);
  if (granted === null) return [command, args];
  return ['prlimit', [`--nofile=${granted}:${granted}`, '--', command, ...args]];
}

const grantable = new Map<number, number | null>();

/** `wanted` if a child may be given that many open files, else the most it may (null: prlimit missing). */
function grantableFileLimit(wanted: number): number | null {
  const known = grantable.get(wanted);
  if (known !== undefined) return known;
  const tries = (limit: number) =>
    spawnSync('prlimit', [`--nofile=${limit}:${limit}`, '--', 'true'], { stdio: 'ignore' }).status === 0;
  let granted: number | null = null;
  if (tries(wanted)) granted = wanted;
  else {
    const hard = fileLimitOf(process.pid, 'hard');
    if (hard !== null && tries(hard)) granted = hard;
  }
  grantable.set(wanted, granted);
  return granted;
}

/** The open-file limit (soft, or hard) of a running process (Linux), or null. */
export function fileLimitOf(pid: number, which: 'soft' | 'hard' = 'soft'): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const value = Number(line?.split(/\s{2,}/)[which === 'soft' ? 1 : 2]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** Files a running process has open (Linux), or null. */
export function openFilesOf(pid: number): number | null {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

/** Clean-up steps run once, last added first, on normal end, error or Ctrl-C. */
export class Cleanup {
  private steps: Array<() => Promise<void> | void> = [];
  private running: Promise<void> | null = null;

  constructor() {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.error(`\n${signal}: cleaning up`);
        void this.run().finally(() => process.exit(130));
      });
    }
  }

  add(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step();
        } catch (error) {
          console.error('clean-up step failed:', error instanceof Error ? error.message : error);
        }
      }
    })();
    return this.running;
  }
}

/**
 * The product's environment as the benchmarks start it (as `npm start` in production would): warnings
 * only, on 127.0.0.1 at `port`, its data in `dataDir`; `overrides` add the rest.
 */
export function productEnv(
  port: number,
  dataDir: string,
  overrides: Record<string, string>,
): NodeJS.ProcessEnv {
  return childEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...overrides,
  });
}

export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...overrides };
  // A single instance: no events through Redis, no mail server, no OAuth, whatever the shell had.
  for (const name of ['REDIS_URL', 'SMTP_URL', 'OAUTH_GOOGLE_CLIENT_ID', 'OAUTH_GOOGLE_CLIENT_SECRET'])
    if (!(name in overrides)) delete env[name];
  return env;
}
