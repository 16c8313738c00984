/**
 * Private services for the fault tests: a PostgreSQL cluster, a Redis and an nginx of their own, each
 * a child of the test on a free port, stopped and started at will. The machine's shared PostgreSQL and
 * Redis (other suites use them meanwhile) are never touched.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from '../../support/processes';

export { freePort };

const PG_BIN = '/usr/lib/postgresql/15/bin';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether something accepts TCP connections on the port. */
export function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor(what: string, test: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

export interface PrivatePostgres {
  port: number;
  /** postgres://… of the database `matchday`. */
  url: string;
  /** Where its unix socket is. */
  socketDir: string;
  stop(): Promise<void>;
  /** unixOnly: no TCP, so the product (which connects over TCP) cannot reach it but psql -h socketDir can. */
  start(options?: { unixOnly?: boolean }): Promise<void>;
  remove(): Promise<void>;
}

/**
 * A PostgreSQL 15 cluster in a temporary directory. PostgreSQL refuses to run as root, so initdb and
 * pg_ctl run as the `postgres` user, in a directory it owns; the unix socket stays in that directory.
 */
export async function startPostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'matchday-fault-pg-'));
  const data = path.join(dir, 'data');
  const asPostgres = (command: string, args: string[]) =>
    process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/${command}`, ...args], { stdio: 'pipe' })
      : execFileSync(`${PG_BIN}/${command}`, args, { stdio: 'pipe' });
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = (listen: string) =>
    `-p ${port} -k ${dir} -c listen_addresses=${listen} -c fsync=off -c full_page_writes=off`;
  const pg: PrivatePostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/matchday`,
    socketDir: dir,
    start: async (startOptions) => {
      const listen = startOptions?.unixOnly ? "''" : '127.0.0.1';
      asPostgres('pg_ctl', [
        '-D',
        data,
        '-o',
        options(listen),
        '-l',
        path.join(dir, 'log'),
        '-w',
        '-t',
        '60',
        'start',
      ]);
    },
    // Fast: sessions are ended at once (as a crash or a failover would do to the product).
    stop: async () => {
      asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    remove: async () => {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  execFileSync(
    `${PG_BIN}/psql`,
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'create database matchday'],
    {
      stdio: 'pipe',
    },
  );
  return pg;
}

/** A child process that may be stopped and started again on the same port. */
interface Restartable {
  port: number;
  stop(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
}

async function stopChild(child: ChildProcess | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface PrivateRedis extends Restartable {
  url: string;
}

export async function startRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const redis: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await waitFor(`redis on ${port}`, () => accepting(port));
    },
    stop: (signal) => stopChild(child, signal),
  };
  await redis.start();
  return redis;
}

export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx.conf');

/** The text between `# BEGIN name` and `# END name` in the shipped template. */
export function templateSection(template: string, name: string): string {
  const match = new RegExp(`# BEGIN ${name}\\n([\\s\\S]*?)\\n[ \\t]*# END ${name}`).exec(template);
  if (!match?.[1]) throw new Error(`deploy/nginx.conf has no section ${name}`);
  return match[1];
}

/**
 * An nginx config from the shipped template: its upstream (with these ports instead of the example
 * ones), its proxy settings and its locations, in a plain-HTTP server on `port` (the TLS server block of
 * production needs certificates; what it proxies is the same).
 */
export function nginxConfig(options: { dir: string; port: number; upstreams: number[] }): string {
  const template = readFileSync(NGINX_TEMPLATE, 'utf8');
  // The template's example servers give way to ours (with the template's parameters).
  let listed = false;
  const upstream = templateSection(template, 'upstream').replace(
    /^([ \t]*)server 127\.0\.0\.1:\d+(.*);$/gm,
    (_line, indent: string, rest: string) => {
      if (listed) return '';
      listed = true;
      return options.upstreams.map((p) => `${indent}server 127.0.0.1:${p}${rest};`).join('\n');
    },
  );
  const http = templateSection(template, 'http');
  const locations = templateSection(template, 'locations');
  const { dir } = options;
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
${upstream}
  server {
    listen 127.0.0.1:${options.port};
    server_name localhost;
${locations}
  }
}
`;
}

export interface PrivateNginx extends Restartable {
  url: string;
  config: string;
  /** Its error log so far. */
  errors(): string;
  remove(): Promise<void>;
}

export async function startNginx(upstreams: number[]): Promise<PrivateNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'matchday-fault-nginx-'));
  const port = await freePort();
  const config = nginxConfig({ dir, port, upstreams });
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config);
  let child: ChildProcess | null = null;
  let output = '';
  const nginx: PrivateNginx = {
    port,
    url: `http://127.0.0.1:${port}`,
    config,
    errors: () => {
      try {
        return readFileSync(path.join(dir, 'error.log'), 'utf8');
      } catch {
        return '';
      }
    },
    start: async () => {
      child = spawn(
        'nginx',
        ['-p', dir, '-c', file, '-e', `${dir}/error.log`, '-g', `daemon off; pid ${dir}/nginx.pid;`],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      await Promise.race([
        waitFor(`nginx on ${port}`, () => accepting(port)),
        exited.then(() => {
          throw new Error(`nginx exited: ${output}`);
        }),
      ]);
    },
    stop: (signal) => stopChild(child, signal ?? 'SIGQUIT'),
    remove: async () => {
      await stopChild(child, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await nginx.start();
  return nginx;
}
