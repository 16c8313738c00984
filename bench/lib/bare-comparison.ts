/**
 * The product against its reads anchor, a bare `node:http` server (bench/lib/bare-server.ts) answering
 * the same paths with the bytes and headers the product gave, from memory: the baseline `reads` and
 * `season` share. One copy, so both start the bare server, load the two alike (same requests, same
 * concurrency, product then bare per call) and print the same table: their ratios stay comparable.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpPool, httpRequest } from '../../tests/support/http-client';
import {
  type Cleanup,
  childEnv,
  freePort,
  ROOT,
  type ServerProcess,
  startServer,
} from '../../tests/support/processes';
import { type MachineBefore, ratioCell } from './anchor';
import { formatCpu } from './cpu';
import { closedLoop, type LoadResult, type Operation } from './load';
import type { BenchOptions } from './options';
import { fmtMs, fmtRate, printTable } from './report';

/** One read: the product's route pattern, the path asked, and the answer the product first gave. */
export interface ReadCall {
  name: string;
  pattern: string;
  path: string;
  body: Buffer;
  /** The answer's headers as the product sent them, less those each answer makes anew (PER_ANSWER). */
  headers: Array<[string, string]>;
}

/** Headers of one answer or one connection, not of what is read: node writes its own. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** A response head's headers, in order, less PER_ANSWER's. */
function headersOf(head: string): Array<[string, string]> {
  return head
    .split('\r\n')
    .slice(1)
    .map((line): [string, string] => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    })
    .filter(([name]) => name !== '' && !PER_ANSWER.has(name));
}

/** A call's product run and bare run. */
export interface CallComparison {
  call: ReadCall;
  product: LoadResult;
  bare: LoadResult;
}

type Headers = Record<string, string>;

/** Each `[name, route pattern, path]` asked of the product once: the bytes every later answer must hold. */
export async function readCalls(
  pool: HttpPool,
  host: string,
  specs: ReadonlyArray<readonly [name: string, pattern: string, path: string]>,
  headers: Headers = {},
): Promise<ReadCall[]> {
  const calls: ReadCall[] = [];
  for (const [name, pattern, url] of specs) {
    const res = await pool.request(httpRequest('GET', url, host, headers));
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.toString()}`);
    calls.push({
      name,
      pattern,
      path: url,
      body: res.body,
      headers: headersOf(res.head),
    });
  }
  return calls;
}

/**
 * Starts the bare server on the calls' bytes (stopped by `cleanup`), then runs each call on the product,
 * then on the bare server, `headers` sent to both; logs what it runs first.
 */
export async function compareWithBare(setup: {
  calls: ReadCall[];
  productPool: HttpPool;
  product: Pick<ServerProcess, 'host' | 'pid'>;
  options: Pick<BenchOptions, 'concurrency' | 'warmup' | 'duration'>;
  cleanup: Cleanup;
  headers?: Headers;
}): Promise<CallComparison[]> {
  const { calls, productPool, product, options, cleanup, headers = {} } = setup;
  const routesFile = path.join(os.tmpdir(), `matchday-bench-routes-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(
    routesFile,
    JSON.stringify(calls.map((c) => ({ path: c.path, headers: c.headers, body: c.body.toString('base64') }))),
  );
  cleanup.add(() => rmSync(routesFile, { force: true }));
  const barePort = await freePort();
  const bare = await startServer({
    name: 'bare node:http',
    script: path.join(ROOT, 'bench/lib/bare-server.ts'),
    port: barePort,
    env: childEnv({ NODE_ENV: 'production', PORT: String(barePort), BARE_ROUTES: routesFile }),
  });
  cleanup.add(() => bare.stop());
  const barePool = new HttpPool('127.0.0.1', bare.port, options.concurrency);
  cleanup.add(() => barePool.close());

  // An answer counts only if it holds the very bytes first given.
  const reading =
    (pool: HttpPool, request: string, expected: Buffer): Operation =>
    async () => {
      const res = await pool.request(request);
      return res.status === 200 && !res.body.equals(expected) ? -1 : res.status;
    };
  const run = (op: Operation, serverPid: number) =>
    closedLoop({
      concurrency: options.concurrency,
      warmupMs: options.warmup * 1000,
      durationMs: options.duration * 1000,
      op,
      serverPid,
    });
  console.log(
    `${calls.length} calls, each ${options.concurrency} in flight, ${options.warmup} s warm-up + ${options.duration} s, product and bare in turn (the first of each pair alternating), after an unmeasured pass over every call`,
  );
  const operations = calls.map((call) => ({
    product: reading(productPool, httpRequest('GET', call.path, product.host, headers), call.body),
    bare: reading(barePool, httpRequest('GET', call.path, bare.host, headers), call.body),
  }));
  // Unmeasured, one warm-up long per call and server: whatever the set-up left behind (the product's
  // garbage from priming, code not yet optimised, the database still writing) is paid here rather than by
  // the first measured run, which was the product's every time.
  for (const op of operations) {
    await closedLoop({
      concurrency: options.concurrency,
      warmupMs: 0,
      durationMs: options.warmup * 1000,
      op: op.product,
    });
    await closedLoop({
      concurrency: options.concurrency,
      warmupMs: 0,
      durationMs: options.warmup * 1000,
      op: op.bare,
    });
  }
  const results: CallComparison[] = [];
  for (const [index, call] of calls.entries()) {
    const op = operations[index];
    if (!op) continue;
    // Product first on even calls, bare first on odd: a machine slowing down or speeding up over the run
    // does not always fall on the same side.
    const productFirst = index % 2 === 0;
    const first = productFirst ? await run(op.product, product.pid) : await run(op.bare, bare.pid);
    const second = productFirst ? await run(op.bare, bare.pid) : await run(op.product, product.pid);
    results.push(
      productFirst ? { call, product: first, bare: second } : { call, product: second, bare: first },
    );
  }
  return results;
}

/**
 * The comparison's table, a row a call and then `extraRows` (a summary), then each call's CPU use, the call
 * names padded to `nameWidth`.
 */
export function printComparison(
  results: CallComparison[],
  {
    extraRows = [],
    nameWidth,
    machine,
  }: { extraRows?: Array<Array<string | number>>; nameWidth: number; machine: MachineBefore },
): void {
  console.log();
  printTable(
    ['call', 'bytes', 'product', 'node:http', 'ratio', 'p50 ms', 'p99 ms', 'bare p99', 'errors'],
    [
      ...results.map(({ call, product: p, bare: b }) => [
        call.name,
        call.body.length,
        fmtRate(p.rate),
        fmtRate(b.rate),
        ratioCell(machine, p.rate / b.rate),
        fmtMs(p.latency.p50),
        fmtMs(p.latency.p99),
        fmtMs(b.latency.p99),
        p.errors + b.errors,
      ]),
      ...extraRows,
    ],
  );
  console.log();
  for (const { call, product: p, bare: b } of results) {
    console.log(`${call.name.padEnd(nameWidth)} product: ${formatCpu(p.cpu)}`);
    console.log(`${''.padEnd(nameWidth)} bare:    ${formatCpu(b.cpu)}`);
  }
  // The anchor answers with the product's own headers: which ones, so a reader sees they were alike.
  for (const { call } of results)
    console.log(
      `${call.name.padEnd(nameWidth)} headers both send: ${call.headers.map(([n]) => n).join(', ')}`,
    );
}
