/**
 * A real process of the product (src/server/main.ts, as `npm start` runs it, without the page's build),
 * with all its output kept (the tests count log lines) and its exit code.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childEnv, freePort, ROOT } from '../../support/processes';
import { waitFor } from './services';

export const ADMIN = { email: 'admin@fault.test', password: 'fault-admin-password' };

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** The JSON log lines whose msg contains `text`. */
  logLines(text: string): Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after 15 s; removes the data directory. */
  remove(): Promise<void>;
}

export async function startInstance(options: {
  name: string;
  databaseUrl: string;
  redisUrl?: string;
  /** The address the page uses (nginx's, behind it): the CSRF origin check compares with it. */
  publicUrl?: string;
  port?: number;
}): Promise<Instance> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), `matchday-fault-${options.name}-`));
  const env = childEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NODE_ENV: 'production',
    PUBLIC_URL: options.publicUrl ?? `http://127.0.0.1:${port}`,
    // The same secret on every instance, so a session made on one is valid on the other.
    SESSION_SECRET: 'fault-tests-session-secret-0123456789abcdef',
    // The simulator's fast sign-up of fans (loopback only).
    SIMULATION: '1',
    LOG_LEVEL: 'info',
    // The tests see an instance serve through nginx by its 'incoming request' lines.
    LOG_REQUESTS: 'true',
  });
  delete env.TEST_DATABASE_URL;
  delete env.VITEST;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name: options.name,
    port,
    url,
    child,
    output: () => output,
    logLines: (text) =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return {};
          }
        })
        .filter((entry) => typeof entry.msg === 'string' && entry.msg.includes(text)),
    exited,
    kill: (signal) => {
      if (!gone) child.kill(signal);
    },
    remove: async () => {
      if (!gone) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(
      `${options.name} ready`,
      async () => {
        if (gone) throw new Error(`${options.name} exited before it was ready:\n${output}`);
        try {
          return (await fetch(`${url}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      90_000,
    );
  } catch (error) {
    await instance.remove();
    throw error;
  }
  return instance;
}
