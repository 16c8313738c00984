import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import fastifyWebsocket from '@fastify/websocket';
import { REQUEST_ERRORS } from '@shared/error-messages';
import {
  LIVE_CLOSE_RECONNECT,
  LIVE_CLOSE_TOO_MANY,
  LIVE_LIMITS,
  LIVE_PATH,
  LIVE_PROTOCOL,
  type LiveServerMessage,
  liveClientMessage,
} from '@shared/live';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { errorAnswer } from '../lib/http-error';
import type { AudienceRule, BusEvent, LiveBus } from '../lib/live-bus';
import { hashToken } from '../lib/tokens';
import { inAudience } from './live-audience';
import { startHeartbeat } from './live-heartbeat';
import { type LiveSocket, prepareText, SocketRegistry } from './live-registry';

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
   * Sockets one user may hold open on an instance across all their sessions (signing in again and again
   * gives no more); one more is closed with LIVE_CLOSE_TOO_MANY. Default 20.
   */
  maxSocketsPerUser?: number;
  /**
   * Signed-out sockets one client address may hold open on an instance; one more is closed with
   * LIVE_CLOSE_TOO_MANY. Default 100: carrier NAT puts many fans behind one address.
   */
  maxAnonymousSocketsPerAddress?: number;
}

/** What the rest of the server may do with the live connections, whichever instance they are on. */
export interface LiveService {
  /**
   * Sends to the audience's sockets on every instance. `since`: when the earliest write the message
   * reports was taken (ms since the epoch), for the push-lag figure.
   */
  broadcast(message: LiveServerMessage, audience: AudienceRule[], since?: number): void;
  /** The same, for a message serialized once by the caller. */
  broadcastRaw(payload: string, audience: AudienceRule[], since?: number): void;
  userVoted(userId: string, matchId: number): void;
  /** The user's sockets (or one session's) reconnect, and so pick up a new role or a signed-out state. */
  reconnect(userId: string, sessionToken?: string): void;
  /** Sockets open on this instance. */
  localSockets(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveService;
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
      /** Seconds from a message's `since` to its last socket written here. */
      observePushLag?: (seconds: number) => void;
    },
  ) => {
    const { bus } = opts;
    const heartbeatMs = opts.heartbeatMs ?? 30_000;
    const registry = new SocketRegistry({
      maxPerSession: opts.maxSocketsPerSession ?? 10,
      maxPerUser: opts.maxSocketsPerUser ?? 20,
      maxPerAddress: opts.maxAnonymousSocketsPerAddress ?? 100,
      maxBufferedBytes: opts.maxBufferedBytes ?? 256 * 1024,
    });

    bus.subscribe((event: BusEvent) => {
      switch (event.kind) {
        case 'deliver': {
          // Encoded and framed once for every socket it goes to (ws would frame it again for each).
          const message = prepareText(event.payload);
          const { audience } = event;
          let sent = 0;
          // A plain loop: no closure per socket on a broadcast to tens of thousands.
          for (const socket of registry.values()) {
            for (const rule of audience)
              if (inAudience(rule, socket)) {
                registry.sendPrepared(socket, message);
                sent += 1;
                break;
              }
          }
          if (sent > 0 && event.since !== undefined)
            opts.observePushLag?.(Math.max(0, Date.now() - event.since) / 1000);
          return;
        }
        case 'voted':
          for (const socket of registry.forUser(event.userId))
            if (!socket.voted.includes(event.matchId)) socket.voted.push(event.matchId);
          return;
        case 'reconnect':
          for (const socket of registry.forUser(event.userId)) {
            if (event.sessionHash && socket.sessionHash !== event.sessionHash) continue;
            socket.ws.close(LIVE_CLOSE_RECONNECT, 'Reconnect');
            registry.drop(socket);
          }
          return;
        case 'stale':
          return;
      }
    });

    const service: LiveService = {
      broadcast: (message, audience, since) => service.broadcastRaw(JSON.stringify(message), audience, since),
      broadcastRaw: (payload, audience, since) =>
        bus.publish(
          since === undefined
            ? { kind: 'deliver', audience, payload }
            : { kind: 'deliver', audience, payload, since },
        ),
      userVoted: (userId, matchId) => bus.publish({ kind: 'voted', userId, matchId }),
      reconnect: (userId, sessionToken) =>
        bus.publish({
          kind: 'reconnect',
          userId,
          ...(sessionToken ? { sessionHash: hashToken(sessionToken) } : {}),
        }),
      localSockets: () => registry.size,
    };
    app.decorate('live', service);
    // A callback hook: it runs on every answer, and costs no promise there.
    app.addHook('onResponse', (request, reply, done) => {
      // An upgrade answered with an error (cross-site, unknown path) leaves a socket the HTTP server no
      // longer manages: close it, or it would hold the server open.
      if (request.headers.upgrade?.toLowerCase() === 'websocket' && reply.statusCode >= 400)
        request.raw.socket?.destroySoon();
      done();
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
      const closed = registry.takeAll().map(
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
      await Promise.all(closed);
    });
    await app.register(fastifyWebsocket, {
      // No compression: a deflate context per socket costs hundreds of KB, and each message would be
      // compressed once per socket. No client tracking: the registry is the list.
      options: {
        maxPayload: LIVE_LIMITS.maxClientMessageBytes,
        // Off: a frame is then written whole at once, which sendPrepared relies on (live-registry.ts).
        perMessageDeflate: false,
        clientTracking: false,
        // The page offers `matchday` and, signed in socially, its bearer token (read on the upgrade by
        // plugins/auth.ts): the answer is the plain protocol, never the one carrying the token.
        handleProtocols: (protocols: Set<string>) => (protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
      },
    });

    const stopHeartbeat = startHeartbeat(registry, heartbeatMs);
    app.addHook('onClose', async () => {
      stopHeartbeat();
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
      else
        reply
          .status(404)
          .send(errorAnswer(REQUEST_ERRORS.notFound, `${LIVE_PATH} takes WebSocket connections only`));
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
      if (!registry.add(socket)) return refuse(ws, LIVE_CLOSE_TOO_MANY, 'Too many connections');
      const response = upgrades.get(request.raw);
      if (response?.socket && response.socket === request.raw.socket) response.detachSocket(response.socket);
      ws.removeAllListeners('error');
      ws.on('pong', () => {
        socket.alive = true;
      });
      ws.on('close', () => registry.drop(socket));
      ws.on('error', () => {
        ws.terminate();
        registry.drop(socket);
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
        registry.send(
          socket,
          JSON.stringify(
            message.data.timestamp === undefined
              ? { type: 'pong' }
              : { type: 'pong', timestamp: message.data.timestamp },
          ),
        );
      });
      registry.send(
        socket,
        JSON.stringify({ type: 'connection_established', data: { signedIn: user !== null } }),
      );

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
