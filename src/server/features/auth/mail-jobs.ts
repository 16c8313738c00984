import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts and does not wait for (recovery mails), so the answer is the same, and as
 * quick, whichever address was asked about. Closing the app waits for what is under way.
 */
export class MailJobs {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'warn'>) {}

  run(what: string, job: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .catch((error: unknown) => this.log.warn({ err: error }, `${what} failed`))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves once every job started so far is over. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Mail sent after the answer; `idle()` waits for it. */
    mailJobs: MailJobs;
  }
}
