/**
 * The local push service of the push benchmark, in a process of its own (started by
 * bench/lib/push-fixture-remote.ts with an IPC channel): tests/fakes/push-fixture-server.ts
 * without payloads kept or accepted deliveries recorded, counting and timing what it accepts. Exits when
 * the channel closes.
 */
import {
  type PushFixture,
  type PushFixtureStats,
  startPushFixture,
} from '../../tests/fakes/push-fixture-server';
import type { FixtureReply, FixtureRequest, FixtureRun, SubscriptionColumns } from './push-fixture-remote';

const now = () => performance.timeOrigin + performance.now();

let fixture: PushFixture | null = null;
let run: { armedAt: number; marks: FixtureRun['marks']; timeline: number[]; done: Promise<void> } | null =
  null;
let ticker: NodeJS.Timeout | undefined;

function started(): PushFixture {
  if (!fixture) throw new Error('not started');
  return fixture;
}

async function start(expectedKey: string): Promise<{ origin: string }> {
  fixture ??= await startPushFixture({ expectedKey, keepPayloads: false, recordAccepted: false });
  return { origin: fixture.origin };
}

function subscribe(count: number): SubscriptionColumns {
  const made = started().subscribeMany(count);
  return {
    ids: made.map((s) => s.endpoint.slice(s.endpoint.lastIndexOf('/') + 1)),
    p256dh: made.map((s) => s.keys.p256dh),
    auth: made.map((s) => s.keys.auth),
  };
}

function arm(marks: number[], timeoutMs: number): { armedAt: number } {
  const push = started();
  push.reset();
  clearInterval(ticker);
  const armedAt = now();
  const timed: FixtureRun['marks'] = marks.map((count) => ({ count, at: null }));
  // Each mark's time is taken as the delivery that reaches it is counted (waitFor resolves in the same turn).
  const waits = timed.map((mark) =>
    push.waitFor(mark.count, timeoutMs).then(
      () => {
        mark.at = now();
      },
      () => undefined,
    ),
  );
  const timeline: number[] = [];
  ticker = setInterval(() => timeline.push(push.stats().accepted), 1000);
  run = { armedAt, marks: timed, timeline, done: Promise.all(waits).then(() => clearInterval(ticker)) };
  return { armedAt };
}

async function finish(): Promise<FixtureRun> {
  if (!run) throw new Error('not armed');
  await run.done;
  return { armedAt: run.armedAt, marks: run.marks, timeline: run.timeline, stats: started().stats() };
}

function stats(): PushFixtureStats {
  return started().stats();
}

async function answer(request: FixtureRequest): Promise<unknown> {
  switch (request.call) {
    case 'start':
      return start(request.args.expectedKey);
    case 'subscribe':
      return subscribe(request.args.count);
    case 'arm':
      return arm(request.args.marks, request.args.timeoutMs);
    case 'finish':
      return finish();
    case 'stats':
      return stats();
  }
}

process.on('message', (request: FixtureRequest) => {
  answer(request).then(
    (result) => process.send?.({ id: request.id, ok: true, result } satisfies FixtureReply),
    (error: unknown) =>
      process.send?.({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies FixtureReply),
  );
});

process.on('disconnect', () => {
  clearInterval(ticker);
  void (fixture?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
