export interface WorkPoolStats {
  running: number;
  waiting: number;
}

export interface WorkPool {
  /** Runs `task` once one of the pool's slots is free (first come, first served); rejects with the pool's busy error when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  stats(): WorkPoolStats;
}

/**
 * At most `concurrency` tasks at once, then up to `maxWaiting` in a FIFO queue; beyond that `busy()` is
 * thrown at once, so a burst costs the caller a refusal instead of every other request its CPU. A finished
 * task hands its slot straight to the oldest waiter, so the count never drops and a newcomer cannot jump
 * the queue.
 */
export function createWorkPool(concurrency: number, maxWaiting: number, busy: () => Error): WorkPool {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError('concurrency must be an integer >= 1');
  if (!Number.isInteger(maxWaiting) || maxWaiting < 0)
    throw new RangeError('maxWaiting must be an integer >= 0');
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) running++;
      else if (waiting.length >= maxWaiting) throw busy();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}
