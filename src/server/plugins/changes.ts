import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../lib/change-feed';
import type { Changed } from '../lib/changes';
import { ANYONE, SIGNED_IN } from './live-audience';

/** What the figures pushed live need to hear of (features/match-day/results-live.service.ts). */
export interface WriteTicker {
  noteWrite(matchId: number, change: 'rating' | 'vote'): void;
}

/**
 * The one place a write's declared changes (route option `changes`, lib/changes.ts) take effect, once
 * the handler has succeeded and before its answer leaves, so the writer's next request sees every one:
 * the caches drop what changed (through the change feed, as the database's notices do on every
 * instance), the live sockets are told (on every instance, through the bus), and the ticker makes new
 * figures due. A route says what it changed; it never clears, broadcasts or ticks itself.
 */
export const changesPlugin = fp(
  async (app: FastifyInstance, opts: { feed: ChangeFeed; ticker: WriteTicker }) => {
    const { feed, ticker } = opts;

    function apply(changed: Changed): void {
      const live = app.live;
      switch (changed.kind) {
        case 'user':
          feed.emit({ kind: 'user', userId: changed.userId });
          return;
        case 'access':
          // The cached session goes first, then the sockets reconnect as whoever the user now is.
          feed.emit({ kind: 'user', userId: changed.userId });
          live.reconnect(changed.userId, changed.sessionToken);
          return;
        case 'match': {
          const { matchId, change, started } = changed;
          feed.emit({ kind: 'match', matchId });
          live.broadcast({ type: 'match_update', data: { matchId, change } }, SIGNED_IN);
          if (started)
            live.broadcast({ type: 'match_started', data: { matchId, title: started.title } }, SIGNED_IN);
          return;
        }
        case 'players':
          feed.emit({ kind: 'players' });
          // Roles and availability change together: availableForRatingUpdate makes pages re-read both.
          live.broadcast(
            { type: changed.what === 'squad' ? 'substituteUpdate' : 'availableForRatingUpdate' },
            SIGNED_IN,
          );
          return;
        case 'content':
          live.broadcast({ type: 'content_update', data: { kind: changed.content } }, ANYONE);
          return;
        case 'branding':
          feed.emit({ kind: 'branding' });
          live.broadcast({ type: 'content_update', data: { kind: 'customization' } }, ANYONE);
          return;
        case 'rating':
          ticker.noteWrite(changed.matchId, 'rating');
          return;
        case 'vote':
          // Before the figures are pushed: the voter's sockets are then among those that receive them.
          live.userVoted(changed.userId, changed.matchId);
          ticker.noteWrite(changed.matchId, 'vote');
          return;
        case 'reports':
          feed.emit({ kind: 'reports' });
          return;
        case 'embeds':
          feed.emit({ kind: 'embeds' });
          return;
        case 'apiKeys':
          feed.emit({ kind: 'apiKeys' });
          return;
      }
    }

    // For writers that are not routes (the football-data feed): the same consequences, in the same place.
    app.decorate('applyChanges', (changes: readonly Changed[]) => {
      for (const change of changes) apply(change);
    });
    app.decorateRequest('changed', null);
    // A callback hook: it runs on every answer, and costs no promise there.
    app.addHook('onSend', (request, reply, payload, done) => {
      const declared = request.routeOptions.config.changes;
      if (declared !== undefined && reply.statusCode < 300) {
        const changed = typeof declared === 'function' ? request.changed : declared;
        if (changed) for (const change of changed) apply(change);
      }
      done(null, payload);
    });
  },
  { name: 'changes' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** A write made outside a route says what it changed here, as a route declares it. */
    applyChanges(changes: readonly Changed[]): void;
  }
}
