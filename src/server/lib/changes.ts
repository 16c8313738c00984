import type { LiveServerMessage, MatchChange } from '@shared/live';
import type { FastifyRequest } from 'fastify';

export type ContentKind = Extract<LiveServerMessage, { type: 'content_update' }>['data']['kind'];

/**
 * What a successful write changed, in the words of its route's declaration (route option `changes`).
 * plugins/changes.ts turns each into all of its consequences on this instance, before the answer leaves:
 * the caches it clears (through the change feed), the live messages it sends, the figures it makes due.
 * Docs: decision "One way a write says what it changed", with the table of every cache.
 */
export type Changed =
  /** A user's row (consent, language): their cached sessions go, so their next request sees it. */
  | { kind: 'user'; userId: string }
  /**
   * Who a user is or whether they are signed in (role, deletion, password, sign-out): their cached
   * sessions go and their live sockets reconnect, only that session's when `sessionToken` is given.
   */
  | { kind: 'access'; userId: string; sessionToken?: string }
  /** A match's row: cached matches go; `match_update` (and `match_started` when it began) to signed-in sockets. */
  | { kind: 'match'; matchId: number; change: MatchChange; started?: { title: string } }
  /**
   * The players: `squad` (players, roles, photos) or `availability` (who fans rate, with roles). The
   * players to rate go from memory; signed-in pages are told to read them again.
   */
  | { kind: 'players'; what: 'squad' | 'availability' }
  /** What every page shows (branding, links, banners, announcement): every socket is told. */
  | { kind: 'content'; content: ContentKind }
  /**
   * The branding, the club's colours among it: as `content` of the customization, and the page's palette
   * and the players to rate (their portraits' addresses name the colours) go from memory.
   */
  | { kind: 'branding' }
  /** A fan's rating: the match's figures are stale here at once, and the ticker pushes new ones. */
  | { kind: 'rating'; matchId: number }
  /** A fan's final vote: as a rating, and their sockets may now receive the match's results. */
  | { kind: 'vote'; matchId: number; userId: string }
  /** Kept match reports or season tables: the public answers made from them go. */
  | { kind: 'reports' }
  /** The sites that may frame the widgets: their `frame-ancestors` is read again. */
  | { kind: 'embeds' }
  /** API keys created or revoked: the keys cached for the public reads go. */
  | { kind: 'apiKeys' };

/**
 * A write route's declaration: the changes themselves, or (through route(), which calls it) a function
 * of the request and of what the handler returned, called once the handler has succeeded. [] says the
 * write changes nothing any cache keeps or any page watches.
 */
export type ChangesDeclaration =
  | readonly Changed[]
  | ((request: FastifyRequest, outcome: unknown) => readonly Changed[]);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What this write changed: every POST, PUT, PATCH and DELETE route declares it. */
    changes?: ChangesDeclaration;
  }
  interface FastifyRequest {
    /** What a route declaring a function found its write changed, once its handler succeeded. */
    changed: readonly Changed[] | null;
  }
}
