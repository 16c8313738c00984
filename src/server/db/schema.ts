import {
  DEFAULT_KICK_OFF,
  DEFAULT_SEASON_START_MONTH,
  DEFAULT_TOURNAMENT,
  DEFAULT_VENUE,
  POSITIONS,
} from '@shared/domain';
import { LOCALES } from '@shared/i18n/locales';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The checks list the contract's own values, so the database and the API accept the same ones.
const positionList = sql.raw(POSITIONS.map((p) => `'${p}'`).join(', '));
const localeList = sql.raw(LOCALES.map((l) => `'${l}'`).join(', '));

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    avatar: text('avatar'),
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    consentGiven: boolean('consent_given').notNull().default(false),
    geolocationConsent: boolean('geolocation_consent').notNull().default(false),
    consentAt: timestamp('consent_at', { withTimezone: true, mode: 'date' }),
    consentPolicyVersion: text('consent_policy_version'),
    newsletterOptIn: boolean('newsletter_opt_in').notNull().default(false),
    oauthSubject: text('oauth_subject'),
    // Set when an unverified address is signed up again: whoever signed up first may be a stranger who
    // knows the password, so following the link makes the mailbox's owner choose a new one.
    signupContested: boolean('signup_contested').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    // The language the fan reads in (en, fr, es, ar): their mails are written in it. Null: never chosen.
    locale: text('locale'),
    // The network the account signed up from (IPv4 /24 or IPv6 /56, never the address): the shield
    // counts new accounts per network. Gone with the account.
    signupNetwork: text('signup_network'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_locale_known', sql`${t.locale} in (${localeList})`),
    // E-mails are stored lower-cased; the index keeps them unique whatever a client sends.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_oauth_subject_unique').on(t.oauthSubject),
    index('users_signup_network_idx').on(t.signupNetwork, t.createdAt),
  ],
);

/**
 * A random token's row: only its SHA-256 is stored (a stolen table holds no usable token), it belongs
 * to a user and it expires.
 */
const tokenColumns = () => ({
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    ...tokenColumns(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** A mailed one-time link: a token's row that is used once. */
const oneTimeLinkColumns = () => ({
  ...tokenColumns(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

export const emailVerifications = pgTable(
  'email_verifications',
  {
    ...oneTimeLinkColumns(),
    /**
     * The SHA-256 of the sign-up's browser token (a cookie set by the sign-up that mailed this link):
     * only a follower holding it proves they chose the account's password.
     */
    browserHash: text('browser_hash'),
  },
  (t) => [index('email_verifications_user_id_idx').on(t.userId)],
);
/** Password reset links: one hour, single use. */
export const passwordResets = pgTable('password_resets', oneTimeLinkColumns(), (t) => [
  index('password_resets_user_id_idx').on(t.userId),
]);

/** Mails sent to each address in its current hour, shared by every instance (sign-up, resend, reset). */
export const mailQuota = pgTable('mail_quota', {
  email: text('email').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  count: integer('count').notNull().default(0),
});

/** Failed logins per account, shared by every instance (the 10-in-15-minutes rule). */
export const failedLogins = pgTable(
  'failed_logins',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('failed_logins_email_at_idx').on(t.email, t.at)],
);

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    position: text('position').notNull(),
    image: text('image'),
    jerseyNumber: smallint('jersey_number'),
    isManager: boolean('is_manager').notNull().default(false),
    isSubstitute: boolean('is_substitute').notNull().default(false),
    isAvailableForRating: boolean('is_available_for_rating').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    apiPlayerId: integer('api_player_id'),
    /** The provider's coach id (its own id space): the manager as the lineups name them. */
    apiCoachId: integer('api_coach_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('players_api_player_idx').on(t.apiPlayerId),
    check('players_position_check', sql`${t.position} in (${positionList})`),
    check(
      'players_jersey_number_check',
      sql`${t.jerseyNumber} is null or ${t.jerseyNumber} between 1 and 99`,
    ),
    index('players_available_idx').on(t.isAvailableForRating),
  ],
);

export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    opponent: text('opponent').notNull(),
    venue: text('venue').notNull().default(DEFAULT_VENUE),
    tournament: text('tournament').notNull().default(DEFAULT_TOURNAMENT),
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    kickOffTime: text('kick_off_time').notNull().default(DEFAULT_KICK_OFF),
    score: text('score').notNull().default('0-0'),
    homeScore: smallint('home_score').notNull().default(0),
    awayScore: smallint('away_score').notNull().default(0),
    isLive: boolean('is_live').notNull().default(false),
    isHalfTime: boolean('is_half_time').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    /** The football-data provider's fixture this match follows (null: a match typed in by hand). */
    providerFixtureId: integer('provider_fixture_id'),
    /** The club plays at home (null: not known, a match typed in by hand). */
    isHome: boolean('is_home'),
    /** The kick-off as the provider gives it, in UTC. */
    kickOffAt: timestamp('kick_off_at', { withTimezone: true, mode: 'date' }),
    /** The provider's status code (NS, 1H, HT, 2H, FT, PST, ABD, …) as last read. */
    feedStatus: text('feed_status'),
    /** When the lineup from the feed was published for rating. */
    lineupPublishedAt: timestamp('lineup_published_at', { withTimezone: true, mode: 'date' }),
    /** Full time was reached: the match is over and its voting window runs until votingClosesAt. */
    fullTimeAt: timestamp('full_time_at', { withTimezone: true, mode: 'date' }),
    votingClosesAt: timestamp('voting_closes_at', { withTimezone: true, mode: 'date' }),
    /**
     * An admin took this ended match out of the public history (an aborted, empty one): no past matches,
     * season table, player page, fan's history or current match shows it; null: shown.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one live match, whatever two admins do at once.
    uniqueIndex('matches_one_live').on(t.isLive).where(sql`${t.isLive}`),
    // One match per provider fixture, whatever the number of syncs or instances.
    uniqueIndex('matches_provider_fixture_unique').on(t.providerFixtureId),
    check('matches_scores_check', sql`${t.homeScore} >= 0 and ${t.awayScore} >= 0`),
    check('matches_kick_off_check', sql`${t.kickOffTime} ~ '^[0-2][0-9]:[0-5][0-9]$'`),
  ],
);

export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    // Nullable: a deleted account leaves its anonymous ratings so the match figures stay right.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ratings_user_player_match_unique').on(t.userId, t.playerId, t.matchId),
    index('ratings_match_player_idx').on(t.matchId, t.playerId),
    check('ratings_rating_check', sql`${t.rating} between 1 and 10`),
  ],
);

export const userVotes = pgTable(
  'user_votes',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    motmPlayerId: integer('motm_player_id').references(() => players.id, { onDelete: 'set null' }),
    isComplete: boolean('is_complete').notNull().default(true),
    /**
     * Cast at the club's ground, from the position the page sent with the fan's consent; null when not
     * known (no consent, no ground set, no position). The position itself is never kept.
     */
    atGround: boolean('at_ground'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_votes_user_match_unique').on(t.userId, t.matchId),
    index('user_votes_match_idx').on(t.matchId),
  ],
);

/**
 * Each ended match's fan figures, computed when it ends (or is corrected once ended) and kept whole: the
 * public match page reads one row, and a player who later leaves the squad keeps their place in it.
 */
export const matchReports = pgTable(
  'match_reports',
  {
    matchId: integer('match_id')
      .primaryKey()
      .references(() => matches.id, { onDelete: 'cascade' }),
    season: text('season').notNull(),
    /** When the match was played (its day), for the newest-first list. */
    playedOn: date('played_on', { mode: 'string' }).notNull(),
    report: jsonb('report').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('match_reports_season_played_idx').on(t.season, t.playedOn)],
);

/** Each season's player table, recomputed from its match reports whenever one of them is kept. */
export const seasonTables = pgTable('season_tables', {
  /** '2025-26'. */
  season: text('season').primaryKey(),
  table: jsonb('table').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Singleton rows (id = 1) for the settings the admin edits. */
const singletonId = () => integer('id').primaryKey().default(1);
const singletonCheck = (name: string, id: PgColumn) => check(name, sql`${id} = 1`);

export const announcement = pgTable(
  'announcement',
  { id: singletonId(), text: text('text'), updatedAt: updatedAt() },
  (t) => [singletonCheck('announcement_singleton', t.id)],
);

export const customization = pgTable(
  'customization',
  {
    id: singletonId(),
    companyName: text('company_name'),
    description: text('description'),
    logoUrl: text('logo_url'),
    headerImageUrl: text('header_image_url'),
    /** The month (1-12) the club's seasons start in: every match's season follows it. */
    seasonStartMonth: smallint('season_start_month').notNull().default(DEFAULT_SEASON_START_MONTH),
    /** The club's colours, `#rrggbb`; null is the default pair (src/shared/club-palette.ts). */
    primaryColour: text('primary_colour'),
    secondaryColour: text('secondary_colour'),
    updatedAt: updatedAt(),
  },
  (t) => [
    singletonCheck('customization_singleton', t.id),
    check('customization_season_start_month_check', sql`${t.seasonStartMonth} between 1 and 12`),
    check('customization_primary_colour_check', sql`${t.primaryColour} ~ '^#[0-9a-f]{6}$'`),
    check('customization_secondary_colour_check', sql`${t.secondaryColour} ~ '^#[0-9a-f]{6}$'`),
  ],
);

export const banners = pgTable(
  'banners',
  {
    slot: text('slot').primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    type: text('type').notNull().default('manual'),
    title: text('title'),
    subtitle: text('subtitle'),
    discount: text('discount'),
    description: text('description'),
    backgroundImage: text('background_image'),
    embedCode: text('embed_code'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('banners_slot_check', sql`${t.slot} in ('banner1', 'banner2')`),
    check('banners_type_check', sql`${t.type} in ('manual', 'embed')`),
  ],
);

export const socialMedia = pgTable(
  'social_media',
  {
    id: singletonId(),
    youtube: text('youtube'),
    youtubeVideo: text('youtube_video'),
    instagram: text('instagram'),
    facebook: text('facebook'),
    tiktok: text('tiktok'),
    updatedAt: updatedAt(),
  },
  (t) => [singletonCheck('social_media_singleton', t.id)],
);

export const trackingSettings = pgTable(
  'tracking_settings',
  {
    id: singletonId(),
    gtmContainerId: text('gtm_container_id'),
    ga4MeasurementId: text('ga4_measurement_id'),
    beehiivApiKey: text('beehiiv_api_key'),
    beehiivPublicationId: text('beehiiv_publication_id'),
    updatedAt: updatedAt(),
  },
  (t) => [singletonCheck('tracking_settings_singleton', t.id)],
);

export type UserRow = typeof users.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
export type MatchRow = typeof matches.$inferSelect;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images, re-encoded, kept in the database so every instance serves them and backups hold
 * them. The id is the content's SHA-256: the same image uploaded twice is one row.
 */
export const objects = pgTable('objects', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  createdAt: createdAt(),
});

/**
 * Calls to the newsletter provider's API waiting for (or retrying) their turn: sign-ups ('subscribe'; a
 * failure never fails the sign-up) and removals of deleted accounts ('unsubscribe': no user, only the
 * e-mail, deleted once done and purged after 30 days whatever their state).
 */
export const newsletterQueue = pgTable(
  'newsletter_queue',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('subscribe'),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    check('newsletter_queue_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
    // A removal outlives its account, so it must not point at one.
    check(
      'newsletter_queue_kind_check',
      sql`${t.kind} = 'subscribe' or (${t.kind} = 'unsubscribe' and ${t.userId} is null)`,
    ),
    index('newsletter_queue_due_idx').on(t.kind, t.status, t.nextAttemptAt),
  ],
);

/**
 * A fan's browser that asked to be notified (Web Push): the push service's endpoint and the keys the
 * payload is encrypted with, and which match events it wants. Goes with the account, and when the push
 * service says the subscription is gone.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    votingOpens: boolean('voting_opens').notNull().default(true),
    halfTime: boolean('half_time').notNull().default(false),
    results: boolean('results').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * One notification of a match event to every subscription that wants it: made once per match and event
 * (the unique key), however many admins press the button; its jobs are made from the subscriptions of
 * the moment, once (`expanded`). The counters add up the jobs as they finish.
 */
export const pushSends = pgTable(
  'push_sends',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    expanded: boolean('expanded').notNull().default(false),
    // Jobs are made a chunk of subscriptions at a time, in id order, from after this one.
    expandedAfter: uuid('expanded_after'),
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    createdAt: createdAt(),
    lastAnswerAt: timestamp('last_answer_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('push_sends_event_check', sql`${t.event} in ('live', 'half_time', 'ended')`),
    uniqueIndex('push_sends_match_event_idx').on(t.matchId, t.event),
  ],
);

/**
 * A notification still to deliver to one subscription: claimed by any instance (SKIP LOCKED) and leased
 * while in flight; deleted once the push service answered for good, its outcome counted on its send.
 */
export const pushJobs = pgTable(
  'push_jobs',
  {
    id: serial('id').primaryKey(),
    sendId: integer('send_id')
      .notNull()
      .references(() => pushSends.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    // Subscription first: a gone subscription's cascade finds its jobs through it.
    uniqueIndex('push_jobs_subscription_send_idx').on(t.subscriptionId, t.sendId),
    index('push_jobs_due_idx').on(t.nextAttemptAt, t.id),
  ],
);

/**
 * The shield's reading of one fan's ballot (their ratings and vote) in one match: the signals found, their
 * points and the verdict. Only counted ballots make the published figures. An admin's decision is kept
 * with who made it and when, and no later reading changes it. Gone with the account.
 */
export const ballotReviews = pgTable(
  'ballot_reviews',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The network the vote came from (IPv4 /24 or IPv6 /56), if the fan voted.
    network: text('network'),
    signals: text('signals').array().notNull(),
    points: smallint('points').notNull(),
    verdict: text('verdict').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    index('ballot_reviews_match_verdict_idx').on(t.matchId, t.verdict),
    index('ballot_reviews_match_network_idx').on(t.matchId, t.network),
    check('ballot_reviews_verdict_check', sql`${t.verdict} in ('counted', 'held', 'excluded')`),
  ],
);

/** The shield's rules as the admin tuned them (no row: the defaults). */
export const shieldSettings = pgTable(
  'shield_settings',
  { id: singletonId(), rules: jsonb('rules').notNull(), updatedAt: updatedAt() },
  (t) => [singletonCheck('shield_settings_singleton', t.id)],
);

/** The football-data feed as the admin set it (no row: nothing set, the environment's team id if any). */
export const feedSettings = pgTable(
  'feed_settings',
  {
    id: singletonId(),
    teamId: integer('team_id'),
    /** Requests the feed may make in a UTC day. */
    dailyBudget: integer('daily_budget').notNull().default(100),
    /** How long voting stays open after full time. */
    votingWindowMinutes: integer('voting_window_minutes').notNull().default(30),
    updatedAt: updatedAt(),
  },
  (t) => [
    singletonCheck('feed_settings_singleton', t.id),
    check('feed_settings_budget_check', sql`${t.dailyBudget} between 10 and 1000000`),
    check('feed_settings_window_check', sql`${t.votingWindowMinutes} between 0 and 1440`),
  ],
);

/**
 * What the feed did and may do next, shared by every instance: the day's requests (counted atomically),
 * the provider's own count, the next poll (one instance claims each), the last sync and error.
 */
export const feedState = pgTable(
  'feed_state',
  {
    id: singletonId(),
    day: date('day', { mode: 'string' }),
    requestsToday: integer('requests_today').notNull().default(0),
    /** The provider's `x-ratelimit-requests-remaining`, as last answered. */
    providerRemaining: integer('provider_remaining'),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true, mode: 'date' }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
    fixturesSyncedAt: timestamp('fixtures_synced_at', { withTimezone: true, mode: 'date' }),
    squadSyncedAt: timestamp('squad_synced_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true, mode: 'date' }),
    /** Failures in a row: the back-off grows with them. */
    failures: integer('failures').notNull().default(0),
    /** An admin set the players for rating by hand: a lineup sync after this does not replace them. */
    squadByHandAt: timestamp('squad_by_hand_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [singletonCheck('feed_state_singleton', t.id)],
);

/**
 * A media partner's key to the public API: only its SHA-256 is kept (the key itself is shown once), with
 * the first characters to recognise it by. A revoked key stays listed, refused.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole key: a 256-bit random key needs no slow hash. */
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, as the admin's list shows it. */
    prefix: text('prefix').notNull(),
    /** Requests this key may make in a minute. */
    ratePerMinute: integer('rate_per_minute').notNull().default(600),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_idx').on(t.keyHash),
    check('api_keys_name_check', sql`char_length(${t.name}) between 1 and 60`),
    check('api_keys_rate_check', sql`${t.ratePerMinute} between 1 and 100000`),
  ],
);

/** Each key's requests per UTC day, counted atomically (one upsert per request). */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);

/** The sites allowed to frame the widgets (`frame-ancestors`), as the admin listed them; none by default. */
export const embedSettings = pgTable(
  'embed_settings',
  {
    id: singletonId(),
    frameAncestors: text('frame_ancestors').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [singletonCheck('embed_settings_singleton', t.id)],
);
