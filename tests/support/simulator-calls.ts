/**
 * The simulator's HTTP calls: keep-alive connections shared by every fan (a bounded pool; a browser per
 * fan would need 10,000 more sockets on each side), timeouts, retries of network failures, and per
 * call-type counts and latencies. A latency runs from when the fan made the call to its final answer:
 * waiting for a pooled connection and retries included, as the fan would feel it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpPool, type HttpResponse, headerOf, httpRequest } from './http-client';
import { LatencyRecorder } from './latency-recorder';
import { type LatencySummary, summarise } from './stats';

export const CALL_KINDS = ['arrive', 'consent', 'ws', 'rate', 'progress', 'vote', 'motm', 'admin'] as const;
export type CallKind = (typeof CALL_KINDS)[number];
/** What fans do; 'admin' is the match being run beside them. */
export const FAN_KINDS: readonly CallKind[] = ['arrive', 'consent', 'ws', 'rate', 'progress', 'vote', 'motm'];

class KindStats {
  calls = 0;
  ok = 0;
  errors = 0;
  /** Attempts beyond the first, after a timeout or a network failure. */
  retries = 0;
  /** Status (0: no answer) of every failed call. */
  readonly failures: Record<string, number> = {};
  readonly latencies = new LatencyRecorder();
}

export interface KindFigures {
  calls: number;
  ok: number;
  errors: number;
  retries: number;
  failures: Record<string, number>;
  latency: LatencySummary;
}

/** Counts per call type, and the latencies of the current progress interval for the live read-out. */
export class CallLog {
  private readonly kinds = new Map<CallKind, KindStats>(CALL_KINDS.map((kind) => [kind, new KindStats()]));
  private interval = new LatencyRecorder();
  private intervalCalls = 0;
  /** A few examples of what went wrong, for the report. */
  readonly samples: string[] = [];

  private of(kind: CallKind): KindStats {
    return this.kinds.get(kind) as KindStats;
  }

  record(kind: CallKind, ok: boolean, startedAt: number, attempts: number, status: number, detail?: string) {
    const stats = this.of(kind);
    stats.calls++;
    stats.retries += attempts - 1;
    this.intervalCalls++;
    if (ok) {
      stats.ok++;
      const ms = performance.now() - startedAt;
      stats.latencies.push(ms);
      if (kind !== 'admin' && kind !== 'ws') this.interval.push(ms);
      return;
    }
    stats.errors++;
    stats.failures[status] = (stats.failures[status] ?? 0) + 1;
    if (this.samples.length < 20) this.samples.push(`${kind} ${status}${detail ? `: ${detail}` : ''}`);
  }

  /** Calls and fan HTTP latencies since the last call of this. */
  takeInterval(): { calls: number; latency: LatencySummary } {
    const taken = { calls: this.intervalCalls, latency: summarise(this.interval.toArray()) };
    this.interval = new LatencyRecorder();
    this.intervalCalls = 0;
    return taken;
  }

  figures(kind: CallKind): KindFigures {
    const s = this.of(kind);
    return {
      calls: s.calls,
      ok: s.ok,
      errors: s.errors,
      retries: s.retries,
      failures: s.failures,
      latency: summarise(s.latencies.toArray()),
    };
  }

  /** The fans' HTTP calls together (not the socket's connect, not the admin's). */
  fanHttpLatency(): LatencySummary {
    const parts = FAN_KINDS.filter((k) => k !== 'ws').map((k) => this.of(k).latencies.toArray());
    const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) {
      all.set(part, at);
      at += part.length;
    }
    return summarise(all);
  }

  totals(): { calls: number; errors: number; retries: number } {
    let calls = 0;
    let errors = 0;
    let retries = 0;
    for (const s of this.kinds.values()) {
      calls += s.calls;
      errors += s.errors;
      retries += s.retries;
    }
    return { calls, errors, retries };
  }
}

export interface Answer {
  /** 0 when no answer came, after every retry. */
  status: number;
  body: Buffer;
  head: string;
  attempts: number;
  error?: string;
}

export interface CallOptions {
  cookie?: string;
  body?: unknown;
  /** The statuses that are a success for this call (default: any 2xx). */
  ok?: (answer: Answer) => boolean;
  timeoutMs?: number;
}

/** Keep-alive HTTP to the product as many clients: network failures and timeouts retried, then counted. */
export class Api {
  private readonly pool: HttpPool;
  readonly host: string;

  constructor(
    readonly base: URL,
    connections: number,
    readonly log: CallLog,
    private readonly options: { timeoutMs: number; attempts: number },
  ) {
    this.host = base.host;
    this.pool = new HttpPool(base.hostname, Number(base.port || 80), connections);
  }

  get connections(): number {
    return this.pool.connections;
  }

  close(): void {
    this.pool.close();
  }

  /** Sends until an answer comes (up to `attempts` times on timeouts and network failures); never throws. */
  async send(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.Cookie = options.cookie;
    const request = httpRequest(
      method,
      path,
      this.host,
      headers,
      options.body === undefined ? undefined : JSON.stringify(options.body),
    );
    let error = '';
    for (let attempt = 1; attempt <= this.options.attempts; attempt++) {
      try {
        const res: HttpResponse = await this.pool.request(
          request,
          options.timeoutMs ?? this.options.timeoutMs,
        );
        return { status: res.status, body: res.body, head: res.head, attempts: attempt };
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
        // Backing off with jitter, so a hiccup does not come back as a synchronised wave.
        if (attempt < this.options.attempts) await sleep(250 * 2 ** (attempt - 1) * (0.5 + Math.random()));
      }
    }
    return { status: 0, body: Buffer.alloc(0), head: '', attempts: this.options.attempts, error };
  }

  /** `send`, recorded under `kind`: a success by `options.ok`, else an error with its status. */
  async call(kind: CallKind, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const startedAt = performance.now();
    const answer = await this.send(method, path, options);
    const ok = options.ok ? options.ok(answer) : answer.status >= 200 && answer.status < 300;
    this.log.record(
      kind,
      ok,
      startedAt,
      answer.attempts,
      answer.status,
      ok ? undefined : describe(method, path, answer),
    );
    return answer;
  }
}

function describe(method: string, path: string, answer: Answer): string {
  const text = answer.status === 0 ? answer.error : answer.body.toString('utf8').slice(0, 160);
  return `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')} ${text ?? ''}`;
}

/** The parsed JSON body of an answer. */
export function json(answer: Answer): unknown {
  return answer.body.length ? JSON.parse(answer.body.toString('utf8')) : undefined;
}

/** `name=value` of the first Set-Cookie header, for the Cookie header of later calls. */
export function cookieOf(answer: Answer): string | undefined {
  return headerOf(answer.head, 'set-cookie')?.split(';')[0];
}
