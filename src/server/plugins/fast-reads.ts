import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Metrics } from '../lib/metrics';
import type { Readiness } from '../lib/readiness';
import type { FastRead } from '../lib/route';
import type { SessionCache } from '../lib/session-cache';
import { readSessionToken, sessionKeyOf, signedIn } from './auth';
import { logIfSlow } from './request-log';
import { API_DEFAULT_CACHE_CONTROL, API_SECURITY_HEADERS } from './security-headers';

type Header = readonly [name: string, value: string];
type HttpSeries = ReturnType<Metrics['httpSeries']>;
type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** One declared read: its route, how to read its path parameter, and what it last sent. */
interface Read {
  /** The route's pattern: the histogram's and the counter's label. */
  readonly pattern: string;
  readonly declared: FastRead<unknown>;
  /** The route's one path parameter, read by the route's own schema; null for a path without one. */
  readonly param: { readonly name: string; readonly schema: z.ZodType } | null;
  /** The path before that parameter, slash included; null for a path without one. */
  readonly prefix: string | null;
  /** The headers before content-length: the handler's own, its content type, the security headers. */
  readonly headers: readonly Header[];
  /** The answer-time histogram's series for a 200 of this route, found once. */
  readonly series: HttpSeries;
  /** Answers given, a plain number the metrics read at each scrape. */
  answers: number;
  /**
   * The last body sent, as bytes (a player's name with an accent makes the JSON a two-byte string, which
   * Node would otherwise encode again for every answer), and its whole header list, flat, as writeHead
   * takes it without a setHeader call each.
   */
  sent: { body: string; bytes: Buffer; headers: string[] } | null;
}

/** What the fast reads answer with besides the routes' declarations: the objects the hooks use. */
export interface FastReadsOptions {
  /** The HTTP server's first look at each request (app.ts's serverFactory). */
  ahead: AheadOfRouter;
  sessions: SessionCache;
  metrics: Metrics;
  readiness: Readiness;
  /** The request log's threshold (plugins/request-log.ts). */
  slowMs: number;
}

interface Answering {
  readonly sessions: SessionCache;
  /** @fastify/cookie's parser, as its hook parses request.cookies (app.parseCookie). */
  readonly parseCookie: (header: string) => Readonly<Record<string, string | undefined>>;
  readonly readiness: Readiness;
  readonly log: FastifyBaseLogger;
  readonly slowMs: number;
}

/** What an answer's 'finish' reports, kept on its response: no closure is made per answer. */
interface Pending {
  readonly answering: Answering;
  readonly read: Read;
  readonly url: string;
  readonly startedAt: number;
}
const PENDING = Symbol('fastRead');
type PendingResponse = ServerResponse & { [PENDING]?: Pending | undefined };

/** As Fastify's onResponse hooks: the answer-time histogram and the slow-answer log. */
function observe(answering: Answering, read: Read, url: string, startedAt: number): void {
  const ms = performance.now() - startedAt;
  read.series.observe(ms / 1000);
  logIfSlow(answering.log, answering.slowMs, 'GET', url, 200, ms);
}

/** 'finish' or 'error' of an answer the socket could not take at once. */
function answered(this: PendingResponse): void {
  this.removeListener('finish', answered);
  this.removeListener('error', answered);
  const pending = this[PENDING];
  if (!pending) return;
  this[PENDING] = undefined;
  observe(pending.answering, pending.read, pending.url, pending.startedAt);
}

const JSON_TYPE: Header = ['content-type', 'application/json; charset=utf-8'];
const SECURITY: readonly Header[] = Object.entries(API_SECURITY_HEADERS);

function headersOf(declared: Readonly<Record<string, string>>): Header[] {
  const own = Object.entries(declared);
  const kept = own.some(([name]) => name.toLowerCase() === 'cache-control');
  return [
    ...own,
    JSON_TYPE,
    ...SECURITY,
    ...(kept ? [] : [['cache-control', API_DEFAULT_CACHE_CONTROL] as Header]),
  ];
}
/** A path parameter's text as the router passes it on unchanged: no encoding, separator or query. */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const PARAM_SEGMENT = /^:[A-Za-z0-9_]+$/;

/**
 * Request headers under which the routes might answer otherwise than the plain 200, or which this path
 * does not look at: conditional and range requests, upgrades, a body on a GET, an expectation, a version
 * constraint for the router.
 */
const UNUSUAL_HEADERS = [
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
  'if-range',
  'range',
  'upgrade',
  'content-length',
  'transfer-encoding',
  'expect',
  'accept-version',
] as const;

/** The path before a parametric pattern's last segment, slash included: `/api/stats/match/`. */
const prefixOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

const isGet = (route: RouteOptions) => [route.method].flat().includes('GET');

/** The read a declared route makes, or why it cannot be one (the app then refuses to start). */
function readOf(route: RouteOptions, declared: FastRead<unknown>, metrics: Metrics): Read {
  const pattern = route.url;
  const refuse = (why: string) => new Error(`${pattern}: a fast read ${why}`);
  if (!isGet(route)) throw refuse('is a GET');
  if (!pattern.startsWith('/api/')) throw refuse('is an API route (its security headers are the API set)');
  if (route.config?.rateLimit) throw refuse('asks for no rate limit');
  // The fast path finds the user only from a cached session: a public route would refuse signed-out fans.
  if (![route.preValidation].flat().includes(signedIn)) throw refuse('is a signedIn route');
  const segments = pattern.split('/');
  const last = segments.at(-1) ?? '';
  const params = segments.filter((segment) => segment.includes(':'));
  let param: Read['param'] = null;
  if (params.length > 1 || (params.length === 1 && !PARAM_SEGMENT.test(last)))
    throw refuse('has at most one path parameter, as its last segment');
  if (params.length === 1) {
    const schema = (route.schema as { params?: z.ZodType } | undefined)?.params;
    if (!schema) throw refuse("reads its parameter by the route's schema: the route has none");
    param = { name: last.slice(1), schema };
  }
  return {
    pattern,
    declared,
    param,
    prefix: param ? prefixOf(pattern) : null,
    // In the order the route sets them: the handler's, its content type, then the security headers' hook
    // (with the default cache rule when the handler set none).
    headers: headersOf(declared.headers ?? {}),
    series: metrics.httpSeries(pattern, 'GET', 200),
    answers: 0,
    sent: null,
  };
}

/**
 * The declared reads, found by path without the router: an exact path, or the path before a last
 * parameter. Built once when the app is ready. A handful are declared: one pass over a short list of
 * comparisons (as many as the old hand-written checks) costs less than hashing the URL for a map.
 */
class FastReads {
  /** Exact paths first, then prefixes, longest first: the most specific match wins, as in the router. */
  readonly #reads: readonly Read[];
  /** Other routes' static paths under a declared prefix: the router prefers them to the parameter. */
  readonly #shadowed = new Set<string>();

  constructor(
    routes: readonly RouteOptions[],
    private readonly answering: Answering,
    metrics: Metrics,
  ) {
    const reads: Read[] = [];
    for (const route of routes) {
      const declared = route.config?.fastRead;
      if (declared && route.method !== 'HEAD') reads.push(readOf(route, declared, metrics));
    }
    const length = (read: Read) => read.prefix?.length ?? 0;
    this.#reads = [
      ...reads.filter((read) => read.prefix === null),
      ...reads.filter((read) => read.prefix !== null).sort((a, b) => length(b) - length(a)),
    ];
    const prefixes = new Set(reads.flatMap((read) => (read.prefix === null ? [] : [read.prefix])));
    for (const route of routes)
      if (
        !route.url.includes(':') &&
        prefixes.has(prefixOf(route.url)) &&
        !reads.some((r) => r.pattern === route.url)
      )
        this.#shadowed.add(route.url);
    metrics.countFastReadsFrom(() => reads.map((r) => [r.pattern, r.answers] as const));
  }

  /**
   * Answers the request from memory and says true, or says false having touched neither request nor
   * response: Fastify then handles it as if this did not exist.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const url = req.url;
    if (url === undefined) return false;
    let read: Read | undefined;
    let paramText: string | undefined;
    // A plain loop: no closure or array per request.
    for (let i = 0; i < this.#reads.length; i++) {
      const candidate = this.#reads[i] as Read;
      if (candidate.prefix === null ? url === candidate.pattern : url.startsWith(candidate.prefix)) {
        read = candidate;
        if (candidate.prefix !== null) paramText = url.slice(candidate.prefix.length);
        break;
      }
    }
    if (read === undefined) return false;
    if (paramText !== undefined && this.#shadowed.size > 0 && this.#shadowed.has(url)) return false;
    // Fastify's answer time starts once routed: here.
    const startedAt = performance.now();
    const { answering } = this;
    if (answering.readiness.state !== 'ready') return false;
    const headers = req.headers;
    for (const name of UNUSUAL_HEADERS) if (headers[name] !== undefined) return false;

    // The session, as the auth hook finds it, but only from memory.
    const cookieHeader = headers.cookie;
    const cookies = cookieHeader ? answering.parseCookie(cookieHeader) : {};
    const tokenHash = sessionKeyOf(readSessionToken(req, cookies));
    if (tokenHash === null) return false;
    const user = answering.sessions.get(tokenHash);
    if (!user) return false;

    let params: unknown;
    if (read.param) {
      // Only text the router passes on as it is, then the route's own schema.
      if (paramText === undefined || !PLAIN_SEGMENT.test(paramText)) return false;
      const parsed = read.param.schema.safeParse({ [read.param.name]: paramText });
      if (!parsed.success) return false;
      params = parsed.data;
    }
    if (read.declared.policy(user, params) !== true) return false;
    const body = read.declared.answer(params);
    if (body === undefined) return false;
    this.#send(res, read, url, body, startedAt);
    return true;
  }

  #send(res: PendingResponse, read: Read, url: string, body: string, startedAt: number): void {
    let sent = read.sent;
    if (sent?.body !== body) {
      const bytes = Buffer.from(body, 'utf8');
      sent = { body, bytes, headers: [...read.headers.flat(), 'content-length', String(bytes.length)] };
      read.sent = sent;
    }
    res.writeHead(200, sent.headers);
    res.end(sent.bytes);
    read.answers++;
    // Fastify times an answer until its 'finish', when the socket has taken every byte. Nearly always the
    // socket took them in end() and 'finish' only follows on the next tick: time it now, without the two
    // listeners. Otherwise (a client slow to read, or an answer queued behind one) wait for it.
    if (res.writableLength === 0) observe(this.answering, read, url, startedAt);
    else {
      res[PENDING] = { answering: this.answering, read, url, startedAt };
      res.on('finish', answered);
      res.on('error', answered);
    }
  }
}

/**
 * The HTTP server's first look at each request, ahead of Fastify's handler (app.ts's serverFactory hands
 * every request to `listener`). Closed, everything goes to Fastify.
 */
export class AheadOfRouter {
  #reads: FastReads | null = null;

  listener(handler: Listener): Listener {
    return (req, res) => {
      const reads = this.#reads;
      if (reads === null || !reads.answer(req, res)) handler(req, res);
    };
  }

  open(reads: FastReads): void {
    this.#reads = reads;
  }

  close(): void {
    this.#reads = null;
  }
}

/**
 * Routes that declare a `fastRead` (lib/route.ts) have their plain case answered from memory ahead of
 * Fastify: no routing, request objects, child logger or hook chain, which were most of a hot read's cost
 * (docs/performance.md, "reads"). Only the plain case: a GET of the exact path (or of the path with a
 * plain last parameter), with a session in memory, that the route's declared policy allows and whose
 * declared answer is in memory now. Anything else falls through untouched to the route, which stays the
 * reference and gives every refusal. Every decision is the route's own or its hooks' function, called here
 * too:
 *
 * - the token: readSessionToken over the Cookie header as @fastify/cookie parses it (app.parseCookie), and
 *   sessionKeyOf (length bound, hash) then SessionCache.get, as the auth hook does;
 * - the path parameter: the route's own schema;
 * - who may read, and the bytes: the route's declaration, beside its handler; the headers: the handler's
 *   declared ones, its JSON content type and API_SECURITY_HEADERS.
 *
 * The app's hooks, and why each is done here or needs nothing:
 * - onRequest: CSRF lets every GET that is no upgrade through (upgrades fall through here); auth is above;
 *   @fastify/cookie's parse is app.parseCookie; the live plugin's only notes upgrades. preValidation
 *   `signedIn`: every declared route has it (checked at start), and no cached session means no answer
 *   here. preHandler text-input: a GET has no body. The rate limit applies only to routes that ask for
 *   one; a declared read must not.
 * - onSend: security headers, sent here; what a write changed (plugins/changes.ts) applies to writes only;
 *   the refused-writes metric counts non-GET answers of 400 and more only.
 * - onResponse: the answer-time histogram (same route label) and the slow-answer log, both done here
 *   once the socket has every byte, as Fastify does on 'finish'; the live plugin's closes failed upgrades.
 * - Readiness: while the app is not ready or is closing (Fastify then answers 503 and closes the
 *   connection), everything falls through.
 */
export const fastReadsPlugin = fp(async (app: FastifyInstance, opts: FastReadsOptions) => {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('onReady', async () => {
    const answering: Answering = {
      sessions: opts.sessions,
      parseCookie: (header) => app.parseCookie(header),
      readiness: opts.readiness,
      log: app.log,
      slowMs: opts.slowMs,
    };
    opts.ahead.open(new FastReads(routes, answering, opts.metrics));
  });
  // From the close on Fastify answers 503 and closes the connection: the fast reads step aside at once.
  app.addHook('preClose', (done) => {
    opts.ahead.close();
    done();
  });
});
