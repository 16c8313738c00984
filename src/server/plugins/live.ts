import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import fastifyWebsocket from '@fastify/websocket';
import {
  LIVE_CLOSE_RECONNECT,
  LIVE_CLOSE_TOO_MANY,
  LIVE_LIMITS,
  LIVE_PATH,
  LIVE_PROTOCOL,
  type LiveServerMessage,
  liveClientMessage,
} from '@shared/live';
import { resultsVisible } from '@shared/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { AudienceRule, BusEvent, LiveBus } from '../lib/live-bus';
import { hashToken } from '../lib/tokens';

export interface LiveOptions {
  /** How often sockets are pinged; one that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
  /** A socket whose unsent data grows past this is too slow to keep up: it is dropped. */
  maxBufferedBytes?: number;
  /**
   * Sockets one session may hold open on an instance; one more is closed with LIVE_CLOSE_TOO_MANY.
   * Default 10.
   */
  maxSocketsPerSession?: number;
  /**
   * Signed-out sockets one client address may hold open on an instance; one more is closed with
   * LIVE_CLOSE_TOO_MANY. Default 100: carrier NAT puts many fans behind one address.
   */
  maxAnonymousSocketsPerAddress?: number;
}

/**
 * What the server keeps per socket, beside ws's own: as little as it can, since a match day holds tens
 * of thousands of them. Nothing of the upgrade request is kept (see the handler).
 */
interface LiveSocket {
  ws: WebSocket;
  userId: string | null;
  isAdmin: boolean;
  sessionHash: string | null;
  /** The client's address, for a signed-out socket (a signed-in one counts against its session). */
  address: string | null;
  /** Live matches in which this user has a final vote: they may see those results. Rarely more than one. */
  voted: number[];
  alive: boolean;
}

/** What the rest of the server may do with the live connections, whichever instance they are on. */
export interface LiveService {
  broadcast(message: LiveServerMessage, audience: AudienceRule[]): void;
  /** The same, for a message serialized once by the caller. */
  broadcastRaw(payload: string, audience: AudienceRule[]): void;
  userVoted(userId: string, matchId: number): void;
  /** The user's sockets (or one session's) reconnect, and so pick up a new role or a signed-out state. */
  reconnect(userId: string, sessionToken?: string): void;
  /** Sockets open on this instance. */
  localSockets(): number;
}

/** A route that changes what fans see names the message to broadcast once it has succeeded. */
export interface LiveRouteConfig {
  message: LiveServerMessage;
  /** Default: signed-in sockets (the data behind these messages needs a session to read). */
  audience?: AudienceRule[];
}

type ContentKind = Extract<LiveServerMessage, { type: 'content_update' }>['data']['kind'];

/** Route configs: `config: liveAfter.squad` broadcasts substituteUpdate once the route has succeeded. */
export const liveAfter = {
  squad: { live: { message: { type: 'substituteUpdate' } } },
  availability: { live: { message: { type: 'availableForRatingUpdate' } } },
  content: (kind: ContentKind) => ({
    live: { message: { type: 'content_update', data: { kind } }, audience: [{ to: 'anyone' }] },
  }),
} satisfies Record<string, { live: LiveRouteConfig } | ((kind: ContentKind) => { live: LiveRouteConfig })>;

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveService;
  }
  interface FastifyContextConfig {
    live?: LiveRouteConfig;
  }
}

/** ws.send options for every message: all are JSON text. */
const TEXT = { binary: false } as const;

/** The heartbeat pings a tenth of the sockets each tenth of its period. */
const HEARTBEAT_SLICES = 10;

/** The audience of what only a signed-in user may read. */
export const SIGNED_IN: AudienceRule[] = [{ to: 'signed-in' }];

function inAudience(rule: AudienceRule, socket: LiveSocket): boolean {
  switch (rule.to) {
    case 'anyone':
      return true;
    case 'signed-in':
      return socket.userId !== null;
    case 'results-readers':
      return (
        socket.userId !== null &&
        socket.isAdmin === rule.admins &&
        resultsVisible(socket, { hasVoted: socket.voted.includes(rule.matchId), matchEnded: rule.matchEnded })
      );
  }
}

/** Closes a socket never taken in; one that does not answer the close within a second is cut. */
function refuse(ws: WebSocket, code: number, reason: string): void {
  ws.close(code, reason);
  const cut = setTimeout(() => ws.terminate(), 1000);
  ws.once('close', () => clearTimeout(cut));
}

/** The live socket of /ws on the page's host, tied to the session sent on the upgrade. */
export const livePlugin = fp(
  async (
    app: FastifyInstance,
    opts: LiveOptions & {
      bus: LiveBus;
      /** The live matches in which a user has a final vote (their sockets may receive those results). */
      votedLiveMatches: (userId: string) => Promise<number[]>;
    },
  ) => {
    const { bus } = opts;
    const heartbeatMs = opts.heartbeatMs ?? 30_000;
    const maxBuffered = opts.maxBufferedBytes ?? 256 * 1024;
    const sockets = new Set<LiveSocket>();
    const byUser = new Map<string, Set<LiveSocket>>();

    // Open sockets per session and, signed out, per client address: a flood from either is capped.
    const perSession = new Map<string, number>();
    const perAddress = new Map<string, number>();
    const maxPerSession = opts.maxSocketsPerSession ?? 10;
    const maxPerAddress = opts.maxAnonymousSocketsPerAddress ?? 100;
    const capOf = (socket: LiveSocket) =>
      socket.sessionHash !== null
        ? { counts: perSession, key: socket.sessionHash, max: maxPerSession }
        : { counts: perAddress, key: socket.address ?? '', max: maxPerAddress };
    const takeSlot = (socket: LiveSocket): boolean => {
      const { counts, key, max } = capOf(socket);
      const taken = counts.get(key) ?? 0;
      if (taken >= max) return false;
      counts.set(key, taken + 1);
      return true;
    };
    const freeSlot = (socket: LiveSocket) => {
      const { counts, key } = capOf(socket);
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    };

    const drop = (socket: LiveSocket) => {
      if (!sockets.delete(socket)) return;
      freeSlot(socket);
      if (socket.userId) {
        const own = byUser.get(socket.userId);
        own?.delete(socket);
        if (own?.size === 0) byUser.delete(socket.userId);
      }
    };

    const send = (socket: LiveSocket, data: Buffer | string) => {
      if (socket.ws.readyState !== socket.ws.OPEN) return;
      // A reader that cannot keep up would hold ever more of our memory: let it reconnect instead.
      if (socket.ws.bufferedAmount > maxBuffered) {
        socket.ws.terminate();
        drop(socket);
        return;
      }
      socket.ws.send(data, TEXT);
    };

    bus.subscribe((event: BusEvent) => {
      switch (event.kind) {
        case 'deliver': {
          // Encoded once for every socket it goes to (ws would encode a string again for each).
          const data = Buffer.from(event.payload);
          const { audience } = event;
          for (const socket of sockets) {
            for (const rule of audience)
              if (inAudience(rule, socket)) {
                send(socket, data);
                break;
              }
          }
          return;
        }
        case 'voted':
          for (const socket of byUser.get(event.userId) ?? [])
            if (!socket.voted.includes(event.matchId)) socket.voted.push(event.matchId);
          return;
        case 'reconnect':
          for (const socket of [...(byUser.get(event.userId) ?? [])]) {
            if (event.sessionHash && socket.sessionHash !== event.sessionHash) continue;
            socket.ws.close(LIVE_CLOSE_RECONNECT, 'Reconnect');
            drop(socket);
          }
          return;
        case 'stale':
          return;
      }
    });

    const service: LiveService = {
      broadcast: (message, audience) => service.broadcastRaw(JSON.stringify(message), audience),
      broadcastRaw: (payload, audience) => bus.publish({ kind: 'deliver', audience, payload }),
      userVoted: (userId, matchId) => bus.publish({ kind: 'voted', userId, matchId }),
      reconnect: (userId, sessionToken) =>
        bus.publish({
          kind: 'reconnect',
          userId,
          ...(sessionToken ? { sessionHash: hashToken(sessionToken) } : {}),
        }),
      localSockets: () => sockets.size,
    };
    app.decorate('live', service);
    app.addHook('onResponse', async (request, reply) => {
      // An upgrade answered with an error (cross-site, unknown path) leaves a socket the HTTP server no
      // longer manages: close it, or it would hold the server open.
      if (request.headers.upgrade?.toLowerCase() === 'websocket' && reply.statusCode >= 400)
        request.raw.socket?.destroySoon();
      const config = request.routeOptions.config.live;
      if (config && request.method !== 'GET' && reply.statusCode < 300)
        service.broadcast(config.message, config.audience ?? SIGNED_IN);
    });

    // On shutdown every socket is told to reconnect, to another instance or to this one once back;
    // one that does not answer the close within a second is cut. (Runs before the plugin's own preClose.)
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
      // From now on Fastify answers upgrades 503 itself (no hooks run) on a socket that nothing then
      // closes: half-open, it would hold the server's close open. Close it once the answer is out.
      app.server.prependListener('upgrade', (_request: IncomingMessage, socket: Duplex) => {
        socket.once('end', () => socket.destroy());
        setTimeout(() => socket.destroy(), 1000).unref();
      });
      const closed = [...sockets].map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.ws.readyState === socket.ws.CLOSED) return resolve();
            const cut = setTimeout(() => socket.ws.terminate(), 1000);
            socket.ws.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            socket.ws.close(LIVE_CLOSE_RECONNECT, 'Server restarting');
          }),
      );
      sockets.clear();
      byUser.clear();
      perSession.clear();
      perAddress.clear();
      await Promise.all(closed);
    });
    await app.register(fastifyWebsocket, {
      // No compression: a deflate context per socket costs hundreds of KB, and each message would be
      // compressed once per socket. No client tracking: `sockets` is the list.
      options: {
        maxPayload: LIVE_LIMITS.maxClientMessageBytes,
        perMessageDeflate: false,
        clientTracking: false,
        // The page offers `matchday` and, signed in socially, its bearer token (read on the upgrade by
        // plugins/auth.ts): the answer is the plain protocol, never the one carrying the token.
        handleProtocols: (protocols: Set<string>) => (protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
      },
    });

    // Each socket is pinged once per heartbeatMs, a slice of them at a time: pinging 20,000 at once
    // would hold up a broadcast due meanwhile by a good part of a second.
    let pinging: IterableIterator<LiveSocket> = sockets.values();
    const heartbeat = setInterval(() => {
      let budget = Math.ceil(sockets.size / HEARTBEAT_SLICES);
      while (budget > 0) {
        const next = pinging.next();
        if (next.done) {
          pinging = sockets.values();
          break;
        }
        budget -= 1;
        const socket = next.value;
        if (!socket.alive) {
          socket.ws.terminate();
          drop(socket);
          continue;
        }
        socket.alive = false;
        socket.ws.ping();
      }
    }, heartbeatMs / HEARTBEAT_SLICES);
    heartbeat.unref();
    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      await bus.close();
    });

    // The upgrade's response object, for the handler to detach from the socket (see there).
    const upgrades = new WeakMap<IncomingMessage, ServerResponse>();
    app.addHook('onRequest', (request, reply, done) => {
      if (request.ws) upgrades.set(request.raw, reply.raw);
      done();
    });

    // A plain GET (a browser opening /ws) is no upgrade: the API's JSON 404, not an empty one.
    const upgradesOnly = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (request.ws) done();
      else reply.status(404).send({ message: `${LIVE_PATH} takes WebSocket connections only` });
    };
    app.get(LIVE_PATH, { websocket: true, onRequest: upgradesOnly }, (ws, request) => {
      const user = request.user;
      const socket: LiveSocket = {
        ws,
        userId: user?.id ?? null,
        isAdmin: user?.isAdmin ?? false,
        sessionHash: request.sessionToken ? hashToken(request.sessionToken) : null,
        address: user ? null : request.ip,
        voted: [],
        alive: true,
      };
      // Keep nothing of the upgrade request for the socket's life (a dozen KB per socket otherwise):
      // the HTTP response object stays attached to the raw socket, holding the request, its reply and
      // logger; and @fastify/websocket's error listener holds the request and reply too. Ours
      // below does what it did (drop the socket) without them.
      // Upgraded just as the server began to close: this one is told to reconnect (elsewhere) too.
      if (closing) return refuse(ws, LIVE_CLOSE_RECONNECT, 'Server restarting');
      // One over its session's or address's cap is turned away before it costs anything more.
      if (!takeSlot(socket)) return refuse(ws, LIVE_CLOSE_TOO_MANY, 'Too many connections');
      const response = upgrades.get(request.raw);
      if (response?.socket && response.socket === request.raw.socket) response.detachSocket(response.socket);
      ws.removeAllListeners('error');
      sockets.add(socket);
      if (socket.userId) {
        const own = byUser.get(socket.userId) ?? new Set();
        own.add(socket);
        byUser.set(socket.userId, own);
      }
      ws.on('pong', () => {
        socket.alive = true;
      });
      ws.on('close', () => drop(socket));
      ws.on('error', () => {
        ws.terminate();
        drop(socket);
      });
      ws.on('message', (data, isBinary) => {
        socket.alive = true;
        if (isBinary) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.toString());
        } catch {
          return;
        }
        const message = liveClientMessage.safeParse(parsed);
        if (!message.success) return;
        send(
          socket,
          JSON.stringify(
            message.data.timestamp === undefined
              ? { type: 'pong' }
              : { type: 'pong', timestamp: message.data.timestamp },
          ),
        );
      });
      send(socket, JSON.stringify({ type: 'connection_established', data: { signedIn: user !== null } }));

      // Results of a live match go to the fans who voted in it: learn which, for a socket opened after the vote.
      if (user && !user.isAdmin) {
        const log = app.log;
        opts
          .votedLiveMatches(user.id)
          .then((ids) => {
            for (const id of ids) if (!socket.voted.includes(id)) socket.voted.push(id);
          })
          .catch((error: unknown) => log.warn({ err: error }, 'live socket: votes not loaded'));
      }
    });
  },
  { name: 'live' },
);
