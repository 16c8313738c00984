import type { IncomingMessage, ServerResponse } from 'node:http';
import { resultsApi } from '@shared/match-day';
import { matchIdParams } from '@shared/matches';
import { playersApi } from '@shared/players';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../../lib/metrics';
import type { Readiness } from '../../lib/readiness';
import type { SessionCache } from '../../lib/session-cache';
import { readSessionToken, sessionKeyOf } from '../../plugins/auth';
import { logIfSlow } from '../../plugins/request-log';
import { API_SECURITY_HEADERS } from '../../plugins/security-headers';
import type { MatchCache } from '../matches/match-cache';
import type { AvailablePlayersCache } from '../players/available-players-cache';
import { AVAILABLE_CACHE_CONTROL } from '../players/players.service';
import type { FinalVotesCache } from './final-votes-cache';
import { resultsVisibleGiven } from './results.policy';
import type { MatchSnapshots } from './results.service';
import { encodedLeaderboard, encodedMatchStats } from './results-answers';

/** What the fast reads answer from: the very objects the routes and hooks use. */
export interface FastReadsOptions {
  sessions: SessionCache;
  /** @fastify/cookie's parser, as its hook parses request.cookies (app.parseCookie). */
  parseCookie: (header: string) => Readonly<Record<string, string | undefined>>;
  matches: MatchCache;
  snapshots: MatchSnapshots;
  finalVotes: FinalVotesCache;
  available: AvailablePlayersCache;
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** The request log's threshold (plugins/request-log.ts). */
  slowMs: number;
  readiness: Readiness;
}

type Header = readonly [name: string, value: string];
type HttpSeries = ReturnType<Metrics['httpSeries']>;

/** One read: its route pattern (the histogram's label) and the headers before content-length. */
interface Read {
  readonly pattern: string;
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

/** What an answer's 'finish' reports, kept on its response: no closure is made per answer. */
interface Pending {
  readonly options: FastReadsOptions;
  readonly read: Read;
  readonly url: string;
  readonly startedAt: number;
}
const PENDING = Symbol('fastRead');
type Answering = ServerResponse & { [PENDING]?: Pending | undefined };

/** As Fastify's onResponse hooks: the answer-time histogram and the slow-answer log. */
function observe(options: FastReadsOptions, read: Read, url: string, startedAt: number): void {
  const ms = performance.now() - startedAt;
  read.series.observe(ms / 1000);
  logIfSlow(options.log, options.slowMs, 'GET', url, 200, ms);
}

/** 'finish' or 'error' of an answer the socket could not take at once. */
function answered(this: Answering): void {
  this.removeListener('finish', answered);
  this.removeListener('error', answered);
  const pending = this[PENDING];
  if (!pending) return;
  this[PENDING] = undefined;
  observe(pending.options, pending.read, pending.url, pending.startedAt);
}

const JSON_TYPE: Header = ['content-type', 'application/json; charset=utf-8'];
const SECURITY: readonly Header[] = Object.entries(API_SECURITY_HEADERS);

/** A pattern's path before its one `:matchId` parameter. */
function prefixOf(pattern: string): string {
  if (!pattern.endsWith('/:matchId')) throw new Error(`${pattern}: expected a trailing :matchId`);
  return pattern.slice(0, -':matchId'.length);
}
const LEADERBOARD_PREFIX = prefixOf(resultsApi.leaderboard.path);
const STATS_PREFIX = prefixOf(resultsApi.matchStats.path);
const AVAILABLE_PATH = playersApi.available.path;
/** Longer than any id the schema accepts (at most 2,147,483,647): no need to ask it. */
const MAX_ID_DIGITS = 10;

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

/**
 * The three reads a fan's page repeats all match long (the leaderboard, the match stats, the available
 * players), answered from memory ahead of Fastify: no routing, request objects, child logger or hook chain,
 * which were most of their cost (docs/performance.md, "reads"). Only the plain case is answered here: a
 * GET of the exact path, a session, match, vote, snapshot and answer all already in memory. Anything else
 * falls through untouched to the routes (results.routes.ts, players.routes.ts), which stay the reference
 * and give every refusal. Every decision is the routes' own function, called here too:
 *
 * - the token: readSessionToken over the Cookie header as @fastify/cookie parses it (app.parseCookie), and
 *   sessionKeyOf (length bound, hash) then SessionCache.get, as the auth hook does;
 * - the path parameter: the route's own schema (matchIdParams);
 * - who may see results: resultsVisibleGiven (results.policy.ts), with the route's caches peeked;
 * - the bytes: encodedLeaderboard, encodedMatchStats, AvailablePlayersCache's JSON; the headers:
 *   API_SECURITY_HEADERS and the routes' content type and cache policy.
 *
 * The app's hooks, and why each is done here or needs nothing:
 * - onRequest: CSRF lets every GET that is no upgrade through (upgrades fall through here); auth is above;
 *   @fastify/cookie's parse is app.parseCookie; the live plugin's only notes upgrades. preValidation
 *   `signedIn`: no cached session, no answer here. preHandler text-input: a GET has no body. The rate
 *   limit applies only to routes that ask for one, and these do not.
 * - onSend: security headers, sent here; change notices (`config.changes`) and the session drop after a
 *   write apply to writes only, and these routes name no change; the refused-writes metric counts non-GET
 *   answers of 400 and more only.
 * - onResponse: the answer-time histogram (same route label) and the slow-answer log, both done here
 *   once the socket has every byte, as Fastify does on 'finish'; the live plugin's closes failed upgrades
 *   and broadcasts after writes only.
 * - Readiness: while the app is not ready or is closing (Fastify then answers 503 and closes the
 *   connection), everything falls through.
 */
export class FastReads {
  readonly #options: FastReadsOptions;
  readonly #leaderboard: Read;
  readonly #stats: Read;
  readonly #available: Read;
  /** Set by the app's first preClose hook: Fastify answers 503 from then on. */
  #closing = false;

  constructor(options: FastReadsOptions) {
    this.#options = options;
    const read = (pattern: string, headers: readonly Header[]): Read => ({
      pattern,
      headers,
      series: options.metrics.httpSeries(pattern, 'GET', 200),
      answers: 0,
      sent: null,
    });
    // In the order the routes set them: the handler's, then the security headers' hook.
    this.#leaderboard = read(resultsApi.leaderboard.path, [JSON_TYPE, ...SECURITY]);
    this.#stats = read(resultsApi.matchStats.path, [JSON_TYPE, ...SECURITY]);
    this.#available = read(AVAILABLE_PATH, [
      ['cache-control', AVAILABLE_CACHE_CONTROL],
      JSON_TYPE,
      ...SECURITY,
    ]);
    const reads = [this.#leaderboard, this.#stats, this.#available];
    options.metrics.countFastReadsFrom(() => reads.map((r) => [r.pattern, r.answers] as const));
  }

  /** From now on everything falls through: the app is closing. */
  close(): void {
    this.#closing = true;
  }

  /**
   * Answers the request from memory and says true, or says false having touched neither request nor
   * response: Fastify then handles it as if this did not exist.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET') return false;
    const url = req.url;
    if (url === undefined) return false;
    let read: Read;
    let idText: string | undefined;
    if (url === AVAILABLE_PATH) read = this.#available;
    else if (url.startsWith(LEADERBOARD_PREFIX)) {
      read = this.#leaderboard;
      idText = url.slice(LEADERBOARD_PREFIX.length);
    } else if (url.startsWith(STATS_PREFIX)) {
      read = this.#stats;
      idText = url.slice(STATS_PREFIX.length);
    } else return false;
    // Fastify's answer time starts once routed: here.
    const startedAt = performance.now();
    if (this.#closing || this.#options.readiness.state !== 'ready') return false;
    const headers = req.headers;
    for (const name of UNUSUAL_HEADERS) if (headers[name] !== undefined) return false;

    // The session, as the auth hook finds it, but only from memory.
    const cookieHeader = headers.cookie;
    const cookies = cookieHeader ? this.#options.parseCookie(cookieHeader) : {};
    const tokenHash = sessionKeyOf(readSessionToken(req, cookies));
    if (tokenHash === null) return false;
    const user = this.#options.sessions.get(tokenHash);
    if (!user) return false;

    let body: string | undefined;
    if (idText === undefined) body = this.#options.available.peek();
    else {
      // Digits only (no query string, no encoding, no trailing slash), then the route's own schema.
      if (idText.length === 0 || idText.length > MAX_ID_DIGITS || !/^[0-9]+$/.test(idText)) return false;
      const params = matchIdParams.safeParse({ matchId: idText });
      if (!params.success) return false;
      const matchId = params.data.matchId;
      const match = this.#options.matches.peek(matchId);
      if (!match) return false;
      if (read === this.#leaderboard) {
        const visible = resultsVisibleGiven(user, match, this.#options.finalVotes.peek(user.id, matchId));
        if (visible !== true) return false;
      }
      const snapshot = this.#options.snapshots.peek(matchId);
      if (!snapshot) return false;
      body = read === this.#leaderboard ? encodedLeaderboard(snapshot) : encodedMatchStats(snapshot);
    }
    if (body === undefined) return false;

    this.#send(res, read, url, body, startedAt);
    return true;
  }

  #send(res: Answering, read: Read, url: string, body: string, startedAt: number): void {
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
    if (res.writableLength === 0) observe(this.#options, read, url, startedAt);
    else {
      res[PENDING] = { options: this.#options, read, url, startedAt };
      res.on('finish', answered);
      res.on('error', answered);
    }
  }
}
