import { z } from 'zod';
import { leaderboardEntry, matchStats } from './ratings';
import { motmResult } from './votes';

/** The live socket's path, on the page's own host. */
export const LIVE_PATH = '/ws';

/** The client's reconnect and polling limits. */
export const LIVE_LIMITS = {
  maxReconnectAttempts: 5,
  backoffStartMs: 1000,
  backoffMaxMs: 10_000,
  pollingIntervalMs: 30_000,
  /** Largest message the server accepts from a client (a ping is a few dozen bytes). */
  maxClientMessageBytes: 4096,
} as const;

/** Close code the server uses when it restarts or drops a session: the page reconnects at once. */
export const LIVE_CLOSE_RECONNECT = 4000;

/**
 * Close code for a socket over its session's or address's cap: the page stops its quick retries and
 * tries again once per polling period.
 */
export const LIVE_CLOSE_TOO_MANY = 4008;

/** The subprotocol the page asks for and the server always answers. */
export const LIVE_PROTOCOL = 'matchday';

/**
 * The page's bearer token rides in a second subprotocol, `matchday.bearer.<token>`: a header the
 * browser lets a page set, so the token stays out of the URL (and out of every log that holds URLs).
 * The server never answers with it.
 */
export const LIVE_BEARER_PREFIX = 'matchday.bearer.';

/** A subprotocol is an HTTP token (RFC 9110 tchar); base64url session tokens always are. */
const SUBPROTOCOL = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** The subprotocols to offer: the bearer one only for a token that can be carried that way. */
export function liveProtocols(token: string | null): string[] {
  const bearer = token ? `${LIVE_BEARER_PREFIX}${token}` : null;
  return bearer && SUBPROTOCOL.test(bearer) ? [LIVE_PROTOCOL, bearer] : [LIVE_PROTOCOL];
}

/** The bearer token among the offered subprotocols (the Sec-WebSocket-Protocol header), if any. */
export function bearerFromProtocols(header: string | undefined): string | null {
  for (const offered of header?.split(',') ?? []) {
    const protocol = offered.trim();
    if (protocol.startsWith(LIVE_BEARER_PREFIX) && protocol.length > LIVE_BEARER_PREFIX.length)
      return protocol.slice(LIVE_BEARER_PREFIX.length);
  }
  return null;
}

/** Client to server: only pings. */
export const liveClientMessage = z.object({ type: z.literal('ping'), timestamp: z.number().optional() });
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/**
 * Figures pushed while a match is rated. `seq` grows per match (it is the server's clock in ms, or
 * one more than the last when two fall in the same ms), so a late or duplicated message carries a
 * smaller or equal number and never replaces newer figures.
 */
const sequenced = { matchId: z.number().int(), seq: z.number().int() };

/**
 * What an admin's change to the match did, worked out by the server from the match before and after,
 * so the page can say it in words. Absent (an older server) the page says something generic.
 */
export const MATCH_CHANGE_KINDS = [
  'announced',
  'kick-off',
  'half-time',
  'second-half',
  'full-time',
  'reopened',
  'back-to-preparation',
  'goal',
  'score-corrected',
  'details',
  // An ended match taken out of the public history, or put back: pages re-read the current match, quietly.
  'hidden',
  'shown',
] as const;
export const matchChange = z.object({ kind: z.enum(MATCH_CHANGE_KINDS), score: z.string() });
export type MatchChange = z.infer<typeof matchChange>;

/** Server to client. Any other type is logged and ignored by the page. */
export const liveServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('connection_established'),
    data: z.object({ signedIn: z.boolean() }).optional(),
  }),
  z.object({ type: z.literal('pong'), timestamp: z.number().optional() }),
  /** The current match changed: score, half time, state or details. */
  z.object({
    type: z.literal('match_update'),
    data: z.object({ matchId: z.number().int(), change: matchChange.optional() }),
  }),
  z.object({
    type: z.literal('match_started'),
    data: z.object({ matchId: z.number().int(), title: z.string() }),
  }),
  /** The squad changed (starters, substitutes, player details). */
  z.object({ type: z.literal('substituteUpdate'), data: z.object({}).optional() }),
  /** The set of players available for rating changed. */
  z.object({ type: z.literal('availableForRatingUpdate'), data: z.object({}).optional() }),
  /** Public content changed: announcement, banners, branding or social links. */
  z.object({
    type: z.literal('content_update'),
    data: z.object({ kind: z.enum(['announcement', 'banners', 'customization', 'social-media']) }),
  }),
  /** Only to sockets whose user may read the leaderboard (voted, admin, or the match has ended). */
  z.object({
    type: z.literal('leaderboard_update'),
    data: z.object({ ...sequenced, leaderboard: z.array(leaderboardEntry), ...matchStats.shape }),
  }),
  /** Same audience as the leaderboard; vote counts only for admins, as GET /api/motm/{matchId}. */
  z.object({ type: z.literal('motm_update'), data: z.object({ ...sequenced, motm: motmResult }) }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;
export type LiveMessageType = LiveServerMessage['type'];
