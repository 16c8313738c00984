/**
 * Open-loop sending that keeps each operation's times, for benchmarks that run two loads side by side
 * and split one of them by phase afterwards (bench/logins.ts). Operation i is due at
 * `start + i * interval` and is sent then, however many are still in flight; its latency runs from when
 * it was due, so a stalled server is not hidden by the generator waiting for it (coordinated omission).
 */
import type { Operation } from './load';

/** One operation: when it was due, sent and answered (performance.now() ms), and its outcome code. */
export interface Timed {
  index: number;
  due: number;
  sent: number;
  done: number;
  code: number;
}

export interface Schedule {
  /** Sends nothing more; `finished` still waits for what is in flight. */
  stop(): void;
  /** Every sent operation's outcome, in order of index, once all were sent and answered. */
  finished: Promise<Timed[]>;
}

/** Sends `op(index)` on schedule until `count` were sent (no count: until stop()). A throw counts as code 0. */
export function dueSchedule(options: {
  start: number;
  interval: number;
  count?: number;
  op: Operation;
}): Schedule {
  const { start, interval, op } = options;
  const count = options.count ?? Number.POSITIVE_INFINITY;
  const outcomes: Timed[] = [];
  const inFlight = new Set<Promise<void>>();
  let index = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let sendingDone: () => void = () => {};
  const sending = new Promise<void>((resolve) => {
    sendingDone = resolve;
  });

  const fire = (i: number, due: number) => {
    const sent = performance.now();
    const done = op(i)
      .catch(() => 0)
      .then((code) => {
        outcomes.push({ index: i, due, sent, done: performance.now(), code });
      });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };
  const tick = () => {
    const now = performance.now();
    while (!stopped && index < count && start + index * interval <= now) {
      fire(index, start + index * interval);
      index++;
    }
    if (stopped || index >= count) {
      sendingDone();
      return;
    }
    timer = setTimeout(tick, Math.max(0, start + index * interval - performance.now()));
  };
  timer = setTimeout(tick, Math.max(0, start - performance.now()));

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      sendingDone();
    },
    finished: sending.then(async () => {
      // Answers may add to the set while it is awaited: wait until none is left.
      while (inFlight.size > 0) await Promise.all(inFlight);
      return outcomes.sort((a, b) => a.index - b.index);
    }),
  };
}
