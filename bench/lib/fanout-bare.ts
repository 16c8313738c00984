/**
 * The fanout anchor as the benchmarks run it: the bare `ws` server (bench/lib/fanout-bare-server.ts)
 * started on the very bytes the product sent, and its rounds (a POST /broadcast each, checked to carry
 * those bytes). One copy, so bench/fanout.ts and bench/fanout-capacity.ts measure the same anchor.
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
import type { RoundTarget } from './fanout-rounds';

export interface BareWs {
  server: ServerProcess;
  /** Rounds broadcasting the payload; each send loop's ms (the server's thread) lands in `loops`. */
  target: RoundTarget;
  loops: number[];
}

/** Starts bare `ws` on `payload` (stopped by `cleanup`); `nodeArgs` and `fileLimit` go to its process. */
export async function startBareWs(
  cleanup: Cleanup,
  payload: string,
  options: { fileLimit: number; nodeArgs?: string[] },
): Promise<BareWs> {
  const payloadFile = path.join(os.tmpdir(), `matchday-bench-fanout-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(payloadFile, payload);
  cleanup.add(() => rmSync(payloadFile, { force: true }));
  const port = await freePort();
  const server = await startServer({
    name: 'bare ws',
    script: path.join(ROOT, 'bench/lib/fanout-bare-server.ts'),
    port,
    nodeArgs: options.nodeArgs ?? [],
    fileLimit: options.fileLimit,
    env: childEnv({ NODE_ENV: 'production', PORT: String(port), FANOUT_PAYLOAD: payloadFile }),
  });
  cleanup.add(() => server.stop());
  const pool = new HttpPool('127.0.0.1', server.port, 1);
  cleanup.add(() => pool.close());
  const loops: number[] = [];
  const payloadSeq = (JSON.parse(payload) as { data: { seq: number } }).data.seq;
  const target: RoundTarget = {
    name: 'bare ws',
    trigger: async (r) => {
      const res = await pool.request(httpRequest('POST', '/broadcast', server.host));
      if (res.status !== 200) throw new Error(`bare broadcast: ${res.status}`);
      if (r > 0) loops.push((JSON.parse(res.body.toString()) as { loopMs: number }).loopMs);
    },
    check: async (_r, sample, seq) =>
      sample === payload && seq === payloadSeq ? null : 'not the bytes the product sent',
  };
  return { server, target, loops };
}
