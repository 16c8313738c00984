import { createServer } from 'node:http';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { AUTH_ERRORS } from '@shared/auth';
import { MAX_UPLOAD_BYTES } from '@shared/uploads';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { DbHandle } from './db/client';
import type { Env } from './env';
import { accountRoutes } from './features/account/account.routes';
import { purgePlugin } from './features/account/purge';
import { adminUsersRoutes } from './features/admin-users/admin-users.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes';
import { publicApiGatePlugin } from './features/api-keys/public-api-gate';
import { authRoutes } from './features/auth/auth.routes';
import { authFormRoutes } from './features/auth/auth-forms.routes';
import { MailJobs } from './features/auth/mail-jobs';
import { embedRoutes } from './features/embed/embed.routes';
import { feedRoutes } from './features/feed/feed.routes';
import { MatchFeed } from './features/feed/feed.service';
import { createFootballProvider } from './features/feed/provider';
import { healthRoutes } from './features/health/health.routes';
import { FinalVotesCache } from './features/match-day/final-votes-cache';
import { matchDayRoutes } from './features/match-day/match-day.routes';
import { MatchSnapshots, type SnapshotOptions } from './features/match-day/results.service';
import { LeaderboardTicker, type TickerOptions } from './features/match-day/results-live.service';
import { votedLiveMatches } from './features/match-day/votes.service';
import { matchReportsRoutes } from './features/match-reports/match-reports.routes';
import { publicAnswers } from './features/match-reports/public-answers';
import { seasonsAdminRoutes } from './features/match-reports/seasons-admin.routes';
import { MatchCache } from './features/matches/match-cache';
import { matchesRoutes } from './features/matches/matches.routes';
import { metricsRoutes } from './features/metrics/metrics.routes';
import {
  createNewsletter,
  type NewsletterOptions,
  newsletterQueueDepth,
} from './features/newsletter/newsletter.service';
import { oauthRoutes } from './features/oauth/oauth.routes';
import { openApiRoutes } from './features/openapi/openapi.routes';
import { AvailablePlayersCache } from './features/players/available-players-cache';
import { createFootballData } from './features/players/football-data';
import { playersRoutes } from './features/players/players.routes';
import { playersAdminRoutes } from './features/players/players-admin.routes';
import { pushRoutes } from './features/push/push.routes';
import { pushQueueDepth } from './features/push/push-queue';
import { createPushSender, type PushSenderOptions } from './features/push/push-sender';
import { pwaRoutes } from './features/pwa/pwa.routes';
import { PagePalette } from './features/settings/page-palette';
import { settingsRoutes } from './features/settings/settings.routes';
import { getCustomization } from './features/settings/settings.service';
import { settingsAdminRoutes } from './features/settings/settings-admin.routes';
import { BallotReviews } from './features/shield/ballot-reviews';
import { shieldRoutes } from './features/shield/shield.routes';
import { simulationRoutes } from './features/simulation/simulation.routes';
import { squadRoutes } from './features/squad/squad.routes';
import { teamOfTheWeekRoutes } from './features/team-of-the-week/team-of-the-week.routes';
import { uploadsRoutes } from './features/uploads/uploads.routes';
import { ChangeFeed } from './lib/change-feed';
import { errorAnswer } from './lib/http-error';
import { type LiveBus, LocalBus, RedisBus } from './lib/live-bus';
import { redactingLogger } from './lib/log-redaction';
import { createMailer, type Mailer } from './lib/mailer';
import { Metrics } from './lib/metrics';
import { hashPoolStats } from './lib/passwords';
import { Readiness } from './lib/readiness';
import { SessionCache } from './lib/session-cache';
import { authPlugin } from './plugins/auth';
import { changesPlugin } from './plugins/changes';
import { clientPlugin } from './plugins/client';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { AheadOfRouter, fastReadsPlugin } from './plugins/fast-reads';
import { type LiveOptions, livePlugin } from './plugins/live';
import { metricsPlugin } from './plugins/metrics';
import { RequestLogController, requestLogPlugin } from './plugins/request-log';
import { securityHeadersPlugin } from './plugins/security-headers';
import { textInputPlugin } from './plugins/text-input';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order (HEAD twins included). */
    registeredRoutes: readonly RouteOptions[];
    /** Starting, migrating, ready or draining: what /api/ready (and the operations /ready) answer from. */
    readiness: Readiness;
  }
}

export interface AppOptions {
  env: Env;
  database: DbHandle;
  mailer?: Mailer;
  /** A pino logger; none (silent) in tests. */
  logger?: FastifyBaseLogger;
  /** 'static' serves dist/client, 'vite' the dev server, 'none' only the API (tests). */
  client?: 'static' | 'vite' | 'none';
  /** The built page to serve in 'static' mode; default dist/client. */
  clientDir?: string;
  /** An answer slower than this is logged as a warning. Default 1 s. */
  slowRequestMs?: number;
  authRateLimit?: { max: number; timeWindow: number };
  snapshots?: SnapshotOptions;
  newsletter?: Partial<NewsletterOptions>;
  /** `autoStart: false` leaves the push worker stopped (tests run its passes themselves). */
  push?: Partial<PushSenderOptions> & { autoStart?: boolean };
  live?: LiveOptions &
    TickerOptions & {
      /** Namespace of the Redis channel and keys: instances of one product share it. */
      redisPrefix?: string;
    };
  /** How long a client may take to send a whole request, headers and body. Default 30 s. */
  requestTimeoutMs?: number;
  /**
   * The football-data feed: its clock (tests and the simulator run it fast) and whether it polls by
   * itself (`autoStart: false`: tests call `app.matchFeed.step()`).
   */
  feed?: { now?: () => number; autoStart?: boolean; checkMs?: number };
  /** The process's readiness (main.ts makes it before migrating); default: ready once built. */
  readiness?: Readiness;
  /**
   * Answer the reads routes declare answerable from memory ahead of Fastify (plugins/fast-reads.ts) on a
   * listening server. Default true; false sends every request through the routes (tests compare the two).
   */
  fastReads?: boolean;
}

/** Builds the whole product without listening, so tests drive it with inject() or a port of their own. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // Opened once the app is ready; until then (and when off, or with LOG_REQUESTS, whose per-request lines it
  // would skip, or under Vite, whose middleware adds headers to every answer) Fastify answers everything.
  const ahead = new AheadOfRouter();
  const app = createFastify(options, ahead);
  const base = await registerCrossCutting(app, options, ahead);
  const services = createServices(app, options, base);
  // Before the routes: what each write declares it changed takes effect here (plugins/changes.ts).
  await app.register(changesPlugin, { feed: base.feed, ticker: services.ticker });
  // Before the routes too: it puts the keys and limits on the public API's routes as they are registered.
  await app.register(publicApiGatePlugin, {
    db: options.database.db,
    feed: base.feed,
    keylessPerMinute: options.env.PUBLIC_API_RATE,
  });
  await registerFeatures(app, options, services);
  await app.register(clientPlugin, {
    mode: options.client ?? 'none',
    dir: options.clientDir,
    branding: services.pagePalette,
    metrics: services.metrics,
  });
  return app;
}

/**
 * The Fastify instance and the HTTP server it answers on, with the fast reads ahead of its router, and
 * the list of every route registered.
 */
function createFastify(options: AppOptions, ahead: AheadOfRouter): FastifyInstance {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const http = {
    headersTimeout: requestTimeout,
    connectionsCheckingInterval: Math.min(1000, requestTimeout),
  };
  // Idle keep-alive connections outlast the proxy's own to us (nginx: 60 s), so the proxy closes them first.
  const keepAliveTimeout = 72_000;
  // A connection silent both ways this long (a client that stopped reading an answer) is dropped. Live
  // sockets are not HTTP connections any more once upgraded: ws clears this timeout.
  const connectionTimeout = 120_000;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: redactingLogger(options.logger) } : { logger: false }),
    // Per-request info lines only with LOG_REQUESTS; errors and slow answers always (plugins/request-log.ts).
    logController: new RequestLogController(options.env.LOG_REQUESTS),
    // Only the proxies TRUST_PROXY names (by default one on this machine) may tell us the client's address.
    trustProxy: options.env.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request (headers and body) not fully received in time is answered 408 and its connection closed:
    // a body dripped a byte at a time must not hold a connection. Node ignores a request timeout shorter
    // than its headers timeout, and checks only every connectionsCheckingInterval.
    requestTimeout,
    http,
    keepAliveTimeout,
    connectionTimeout,
    // The HTTP server Fastify would make, with the fast reads ahead of its handler: before routing, request
    // objects and the child logger. Measured (bench reads, server CPU a read): from a first onRequest hook
    // with reply.hijack(), which still pays those, about 40-45 µs; from here about 30-35 with the same code
    // (the bare app: about 17-21). inject() never comes through here: it tests the routes.
    serverFactory: (handler) => {
      // As Fastify sets up its own (fastify/lib/server.js), from the same values.
      const server = createServer(http, ahead.listener(handler));
      server.keepAliveTimeout = keepAliveTimeout;
      server.requestTimeout = requestTimeout;
      server.setTimeout(connectionTimeout);
      return server;
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and multipart where it says so): a text body is refused with 415, not guessed at.
  app.removeContentTypeParser('text/plain');
  // The live route table: the security tests check every registered route (tests/security).
  const registeredRoutes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void registeredRoutes.push(route));
  app.decorate('registeredRoutes', registeredRoutes);
  return app;
}

/** What the cross-cutting plugins set up and the services build on. */
interface Base {
  metrics: Metrics;
  readiness: Readiness;
  /** Row changes for the caches (lib/change-feed.ts). */
  feed: ChangeFeed;
  sessions: SessionCache;
  bus: LiveBus;
  redisPrefix: string;
}

/**
 * Everything every request passes through, in order: errors, metrics, the request log, input and security
 * headers, cookies, the rate limit's store, CSRF, the signed-in user, the fast reads and the live socket.
 */
async function registerCrossCutting(app: FastifyInstance, options: AppOptions, ahead: AheadOfRouter) {
  const { env, database } = options;
  await app.register(errorsPlugin);
  // One registry per app (tests run many apps in one process); every answer feeds it from here on.
  const metrics = new Metrics();
  await app.register(metricsPlugin, { metrics });
  const stopTimingQueries = database.observeQueries?.((seconds, kind) => metrics.observeQuery(seconds, kind));
  if (stopTimingQueries) app.addHook('onClose', async () => stopTimingQueries());
  const readiness = options.readiness ?? new Readiness('ready');
  readiness.pingDatabaseWith(() => database.ping());
  app.decorate('readiness', readiness);
  const slowMs = options.slowRequestMs ?? 1000;
  await app.register(requestLogPlugin, { slowMs });
  await app.register(textInputPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: options.client !== 'vite',
    publicUrl: env.PUBLIC_URL,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorAnswer(AUTH_ERRORS.tooManyRequests),
      retryAfter: context.after,
    }),
  });
  await app.register(csrfPlugin, { publicUrl: env.PUBLIC_URL });
  // Caches of rows kept right by the database's change notifications (migration 0002).
  const feed = new ChangeFeed();
  await feed.start(database);
  app.addHook('onClose', async () => feed.close());
  app.decorate('changeFeed', feed);
  const sessions = new SessionCache(feed);
  await app.register(authPlugin, { db: database.db, secureCookies: env.secureCookies, sessions });
  // Before the live plugin: its preClose hook is then first, and the fast reads step aside at once.
  if (options.fastReads !== false && !env.LOG_REQUESTS && options.client !== 'vite')
    await app.register(fastReadsPlugin, { ahead, sessions, metrics, readiness, slowMs });
  const redisPrefix = options.live?.redisPrefix ?? 'matchday';
  const bus: LiveBus = env.REDIS_URL
    ? await RedisBus.connect({ url: env.REDIS_URL, prefix: redisPrefix, log: app.log })
    : new LocalBus();
  await app.register(livePlugin, {
    bus,
    votedLiveMatches: (userId) => votedLiveMatches(database.db, userId),
    observePushLag: (seconds) => metrics.pushLag.observe(seconds),
    ...options.live,
  });
  return { metrics, readiness, feed, sessions, bus, redisPrefix } satisfies Base;
}

/** The app's shared caches and workers, handed to the routes as options. */
interface Services extends Base {
  mailer: Mailer;
  newsletter: ReturnType<typeof createNewsletter>;
  mailJobs: MailJobs;
  snapshots: MatchSnapshots;
  matches: MatchCache;
  available: AvailablePlayersCache;
  finalVotes: FinalVotesCache;
  pagePalette: PagePalette;
  ticker: LeaderboardTicker;
  ballotReviews: BallotReviews;
}

/** The caches, the ticker and the mail, newsletter and push workers, each started and stopped with the app. */
function createServices(app: FastifyInstance, options: AppOptions, base: Base): Services {
  const { env, database } = options;
  const db = database.db;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      dataDir: env.dataDir,
      log: app.log as Logger,
    });
  if (!options.mailer) app.addHook('onClose', () => mailer.close());
  const newsletter = createNewsletter(db, {
    apiUrl: env.NEWSLETTER_API_URL,
    log: app.log,
    ...options.newsletter,
  });
  app.addHook('onReady', async () => newsletter.start());
  app.addHook('onClose', async () => newsletter.stop());
  const push = createPushSender(db, {
    vapid: env.vapid,
    services: env.pushServices,
    concurrency: env.PUSH_CONCURRENCY,
    log: app.log,
    ...options.push,
  });
  app.decorate('push', push);
  if (options.push?.autoStart !== false) app.addHook('onReady', async () => push.start(base.feed));
  app.addHook('onClose', async () => push.stop());
  // Recovery mail goes out after the answer; closing waits for what is under way.
  const mailJobs = new MailJobs(app.log);
  app.decorate('mailJobs', mailJobs);
  app.addHook('preClose', () => mailJobs.idle());
  base.metrics.watch({
    liveSockets: () => app.live.localSockets(),
    database,
    hashPool: hashPoolStats,
    newsletterPending: () => newsletterQueueDepth(db),
    pushPending: () => pushQueueDepth(db),
  });
  const snapshots = new MatchSnapshots(db, options.snapshots);
  app.addHook('onClose', async () => snapshots.close());
  const { bus, redisPrefix: prefix, metrics } = base;
  const ticker = new LeaderboardTicker(
    { db, snapshots, live: app.live, bus, prefix, log: app.log, metrics },
    options.live,
  );
  app.addHook('onClose', async () => ticker.close());
  // Votes are read for the shield after their answers, in batches; their match's figures then refresh.
  const ballotReviews = new BallotReviews(db, app.log, (matchId) => ticker.noteWrite(matchId, 'vote'));
  app.decorate('ballotReviews', ballotReviews);
  app.addHook('preClose', () => ballotReviews.idle());
  return {
    ...base,
    mailer,
    newsletter,
    mailJobs,
    snapshots,
    matches: new MatchCache(db, base.feed),
    available: new AvailablePlayersCache(db, base.feed),
    finalVotes: new FinalVotesCache(db, base.feed),
    pagePalette: new PagePalette(db, base.feed, app.log),
    ticker,
    ballotReviews,
  };
}

/** Every feature's routes, each handed the services it uses. */
async function registerFeatures(app: FastifyInstance, options: AppOptions, services: Services) {
  const { env, database } = options;
  const db = database.db;
  const { metrics, snapshots, matches, available, finalVotes, newsletter, mailJobs, feed } = services;
  const clubName = env.CLUB_NAME;
  await app.register(healthRoutes, { database, readiness: services.readiness });
  await app.register(metricsRoutes, { metrics, token: env.METRICS_TOKEN });
  await app.register(settingsRoutes, { db, clubName });
  const rateLimit = options.authRateLimit ?? { max: 600, timeWindow: 60_000 };
  await app.register(authRoutes, {
    db,
    onRegistered: async ({ userId, email, newsletterOptIn }) => {
      if (newsletterOptIn) await newsletter.enqueue({ userId, email });
    },
    mailer: services.mailer,
    publicUrl: env.PUBLIC_URL,
    branding: () => getCustomization(db, clubName),
    googleEnabled: env.googleEnabled,
    rateLimit,
    metrics,
    mailJobs,
  });
  await app.register(oauthRoutes, { db, env, rateLimit, metrics });
  await app.register(authFormRoutes);
  await app.register(playersRoutes, { db, available });
  await app.register(matchesRoutes, { db, clubName, matches });
  await app.register(matchReportsRoutes, { db, clubName, publicUrl: env.PUBLIC_URL, feed });
  await app.register(embedRoutes, { db, clubName, publicUrl: env.PUBLIC_URL, feed, matches, snapshots });
  await app.register(teamOfTheWeekRoutes, { db, clubName, answers: publicAnswers(db) });
  const matchFeed = new MatchFeed({
    db,
    provider:
      env.FOOTBALL_API_URL && env.FOOTBALL_API_KEY
        ? createFootballProvider({ url: env.FOOTBALL_API_URL, key: env.FOOTBALL_API_KEY })
        : null,
    envTeamId: env.FOOTBALL_TEAM_ID,
    clubName,
    timeZone: env.CLUB_TIME_ZONE,
    now: options.feed?.now ?? Date.now,
    applyChanges: (changes) => app.applyChanges(changes),
    log: app.log,
    ...(env.FOOTBALL_API_URL && env.FOOTBALL_API_KEY
      ? {
          downloadPhoto: createFootballData({
            url: env.FOOTBALL_API_URL,
            key: env.FOOTBALL_API_KEY,
            maxImageBytes: MAX_UPLOAD_BYTES,
          }).download,
        }
      : {}),
  });
  app.decorate('matchFeed', matchFeed);
  if (options.feed?.autoStart !== false)
    app.addHook('onReady', async () => matchFeed.start(options.feed?.checkMs));
  app.addHook('onClose', async () => matchFeed.stop());
  await app.register(squadRoutes, { db, feed: matchFeed });
  await app.register(matchDayRoutes, {
    db,
    snapshots,
    matches,
    finalVotes,
    metrics,
    ballotReviews: services.ballotReviews,
  });
  // Mail written to files (no SMTP_URL) is personal data too: deletion and the purge reach it.
  const outboxDir = path.join(env.dataDir, 'outbox');
  await app.register(adminUsersRoutes, { db, outboxDir });
  await app.register(accountRoutes, { db, outboxDir });
  await app.register(purgePlugin, { db, outboxDir });
  await app.register(uploadsRoutes, { db });
  const footballApi = { url: env.FOOTBALL_API_URL, key: env.FOOTBALL_API_KEY };
  await app.register(playersAdminRoutes, { db, footballApi });
  await app.register(feedRoutes, { feed: matchFeed });
  await app.register(settingsAdminRoutes, { db, clubName });
  await app.register(seasonsAdminRoutes, { db });
  await app.register(shieldRoutes, { db });
  await app.register(analyticsRoutes, { db, snapshots });
  await app.register(apiKeysRoutes, { db, keylessPerMinute: env.PUBLIC_API_RATE });
  await app.register(openApiRoutes, {
    db,
    clubName,
    publicUrl: env.PUBLIC_URL,
    keylessPerMinute: env.PUBLIC_API_RATE,
  });
  if (env.SIMULATION) await app.register(simulationRoutes, { db, env });
  await app.register(pushRoutes, { db, publicKey: env.vapid.publicKey, services: env.pushServices });
  await app.register(pwaRoutes, { db, clubName });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The football-data feed (tests step it by hand). */
    matchFeed: MatchFeed;
  }
}
