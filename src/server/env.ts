import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { KEYLESS_RATE_PER_MINUTE } from '@shared/api-keys';
import webpush from 'web-push';
import { z } from 'zod';
import { isLoopbackHost } from './lib/loopback';

/** Blank values count as unset, so `PORT= npm start` behaves like no PORT at all. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const url = (protocols: string[], hint: string) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a ${hint} URL`);

/** The browsers' own push services: Chrome, Edge, Firefox and Safari. */
const DEFAULT_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

function pushServicePattern(item: string): boolean {
  if (/^https?:\/\//.test(item)) {
    try {
      return new URL(item).origin === item.replace(/\/+$/, '');
    } catch {
      return false;
    }
  }
  return /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(item);
}

const envSchema = z.object({
  PORT: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(65535)).default(3000),
  HOST: optional(z.string().min(1)).default('0.0.0.0'),
  DATA_DIR: optional(z.string().min(1)).default('./data'),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'], 'postgres://')),
  REDIS_URL: optional(url(['redis:', 'rediss:'], 'redis://')),
  PUBLIC_URL: optional(url(['http:', 'https:'], 'http(s)://')),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ADMIN_EMAIL: optional(z.email('must be an e-mail address')),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
  SMTP_URL: optional(url(['smtp:', 'smtps:'], 'smtp://')),
  MAIL_FROM: optional(z.string().min(3)).default('no-reply@localhost'),
  OAUTH_GOOGLE_ISSUER: optional(url(['http:', 'https:'], 'http(s)://')).default(
    'https://accounts.google.com',
  ),
  OAUTH_GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  OAUTH_GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
  CLUB_NAME: optional(z.string().trim().min(1).max(80)).default('Manchester United'),
  // Football-data provider (API-Football style): player images, and with a team id the feed that runs the
  // club's fixtures, lineups and match days; unset: the admin's buttons explain.
  FOOTBALL_API_URL: optional(url(['http:', 'https:'], 'http(s)://')),
  FOOTBALL_API_KEY: optional(z.string().min(1)),
  // The club's id at the provider until the admin sets one in Settings.
  FOOTBALL_TEAM_ID: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(2_000_000_000)),
  // The club's time zone: a fixture's day and kick-off time as the club states them.
  CLUB_TIME_ZONE: optional(
    z.string().refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/London'),
  ).default('Europe/London'),
  // Newsletter provider (beehiiv API v2); the key and publication come from the admin's tracking settings.
  NEWSLETTER_API_URL: optional(url(['http:', 'https:'], 'http(s)://')).default('https://api.beehiiv.com/v2'),
  // Which peers' X-Forwarded-For/-Proto to believe (the client's address for rate limits, https for cookies):
  // proxy-addr names (loopback, linklocal, uniquelocal) and addresses or CIDRs, comma-separated; "none".
  TRUST_PROXY: optional(
    z
      .string()
      .refine(
        (v) => v.trim() === 'none' || v.split(',').every((item) => trustedPeer(item.trim())),
        'must be "none" or a comma-separated list of loopback, linklocal, uniquelocal, addresses or CIDRs',
      ),
  ).default('loopback'),
  // Web Push (VAPID, RFC 8292): set both keys for several instances; unset, a pair is made once in DATA_DIR.
  VAPID_PUBLIC_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)'),
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)'),
  ),
  // Who the push services may contact about our sends: a mailto: or https: URL.
  VAPID_SUBJECT: optional(url(['mailto:', 'https:'], 'mailto: or https:')),
  // The push services we send to (the server calls only these): https hosts, '*.' for their subdomains,
  // or whole origins (http://127.0.0.1:9000 for a local one), comma-separated.
  PUSH_SERVICES: optional(
    z
      .string()
      .refine(
        (v) => v.split(',').every((item) => pushServicePattern(item.trim())),
        'must be a comma-separated list of hosts, *.domains or http(s) origins',
      ),
  ).default(DEFAULT_PUSH_SERVICES.join(',')),
  // Web Push requests in flight at once from this instance (every instance drains the shared queue).
  PUSH_CONCURRENCY: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(1024)).default(
    64,
  ),
  // The public API's reads without a key: requests a minute per address (per fan when signed in).
  PUBLIC_API_RATE: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000),
  ).default(KEYLESS_RATE_PER_MINUTE),
  // Read by lib/passwords.ts when it loads; checked here so a bad value stops the start.
  PASSWORD_HASH_CONCURRENCY: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(64)),
  // Prometheus on the public port: GET /metrics is served there only with this bearer token.
  METRICS_TOKEN: optional(z.string().min(24, 'must be at least 24 characters')),
  // The operations listener (/metrics without a token, /ready, /live), started before the migrations.
  METRICS_PORT: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(65535)),
  METRICS_HOST: optional(z.string().min(1)).default('127.0.0.1'),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
  // Fastify's 'incoming request' / 'request completed' lines: off unless asked for (errors and slow
  // answers are logged either way).
  LOG_REQUESTS: optional(z.enum(['0', '1', 'false', 'true'], { error: 'must be true or false' }))
    .default('false')
    .transform((v) => v === '1' || v === 'true'),
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('production'),
  // Test-only routes for the match-day simulator (bench/simulate.ts); loopback only, see parseEnv.
  SIMULATION: optional(z.enum(['0', '1', 'false', 'true'], { error: 'must be 1 or 0' }))
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  // With SIMULATION only: the football-data feed's clock runs fast, `origin:start:speed` (ms since the
  // epoch when it starts, the moment it reads then, and how many times real time), so a match day
  // replays in minutes (npm run simulate -- --feed).
  SIMULATION_FEED_CLOCK: optional(
    z
      .string()
      .regex(/^\d{10,16}:\d{10,16}:\d{1,4}$/, 'must be origin:start:speed in whole numbers')
      .transform((v) => {
        const [origin, start, speed] = v.split(':').map(Number) as [number, number, number];
        return { origin, start, speed };
      }),
  ),
});

function trustedPeer(item: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
  const [address, bits, extra] = item.split('/');
  if (extra !== undefined || !address || !isIP(address)) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits);
}

export type RawEnv = z.infer<typeof envSchema>;

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface Env extends Omit<RawEnv, 'PUBLIC_URL' | 'SESSION_SECRET'> {
  PUBLIC_URL: string;
  SESSION_SECRET: string;
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** Fastify's trustProxy: false, or the peers to believe. */
  trustProxy: false | string;
  secureCookies: boolean;
  googleEnabled: boolean;
  vapid: VapidDetails;
  /** PUSH_SERVICES, parsed. */
  pushServices: string[];
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line naming the first bad variable. */
/**
 * Why SIMULATION may not be on with this configuration, or null. A real deployment has a public URL; the
 * bind address must be loopback too, since a forgotten PUBLIC_URL defaults to localhost while HOST
 * defaults to every interface. Together they keep the fast sign-up and read-back off anything reachable.
 */
export function simulationRefusal(config: { HOST: string; PUBLIC_URL?: string | undefined }): string | null {
  if (config.PUBLIC_URL) {
    let hostname: string;
    try {
      hostname = new URL(config.PUBLIC_URL).hostname;
    } catch {
      return 'SIMULATION needs a valid PUBLIC_URL';
    }
    if (!isLoopbackHost(hostname))
      return `SIMULATION is for test runs only and refuses a public PUBLIC_URL (${config.PUBLIC_URL}); unset it`;
  }
  if (!isLoopbackHost(config.HOST))
    return `SIMULATION is for test runs only: HOST must be a loopback address such as 127.0.0.1 (got ${config.HOST})`;
  return null;
}

export function parseEnv(source: NodeJS.ProcessEnv): RawEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = source[name];
    const shown = /SECRET|PASSWORD|TOKEN/.test(name) ? '' : ` (got "${got}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  if (Boolean(result.data.VAPID_PUBLIC_KEY) !== Boolean(result.data.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together');
  }
  if (result.data.METRICS_PORT === result.data.PORT) {
    throw new ConfigError('Invalid configuration: METRICS_PORT must differ from PORT');
  }
  if (result.data.ADMIN_EMAIL && !result.data.ADMIN_PASSWORD) {
    throw new ConfigError('Invalid configuration: ADMIN_PASSWORD must be set when ADMIN_EMAIL is set');
  }
  // A deployment reachable from elsewhere must never get the simulator's fast sign-up.
  const refusal = result.data.SIMULATION ? simulationRefusal(result.data) : null;
  if (refusal) throw new ConfigError(`Invalid configuration: ${refusal}`);
  return result.data;
}

/** Reads the secret kept in DATA_DIR, creating it on first start. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

/** The VAPID key pair kept in DATA_DIR, made on first start (like the session secret). */
function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string')
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch {
    // Not made yet: made below.
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** A mailto: of MAIL_FROM's address, or the public https URL: whom a push service may write to. */
function vapidSubject(raw: RawEnv, publicUrl: string): string {
  if (raw.VAPID_SUBJECT) return raw.VAPID_SUBJECT;
  if (publicUrl.startsWith('https:')) return publicUrl;
  const address = /<([^>]+)>/.exec(raw.MAIL_FROM)?.[1] ?? raw.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

export function resolveEnv(raw: RawEnv): Env {
  const dataDir = path.resolve(raw.DATA_DIR);
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  return {
    ...raw,
    dataDir,
    trustProxy: raw.TRUST_PROXY.trim() === 'none' ? false : raw.TRUST_PROXY.replace(/\s+/g, ''),
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: raw.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    secureCookies: publicUrl.startsWith('https:'),
    googleEnabled: Boolean(raw.OAUTH_GOOGLE_CLIENT_ID && raw.OAUTH_GOOGLE_CLIENT_SECRET),
    vapid: {
      ...(raw.VAPID_PUBLIC_KEY && raw.VAPID_PRIVATE_KEY
        ? { publicKey: raw.VAPID_PUBLIC_KEY, privateKey: raw.VAPID_PRIVATE_KEY }
        : loadOrCreateVapidKeys(dataDir)),
      subject: vapidSubject(raw, publicUrl),
    },
    pushServices: raw.PUSH_SERVICES.split(',')
      .map((item) => item.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  };
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return resolveEnv(parseEnv(source));
}
