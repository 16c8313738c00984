import type { FastifyBaseLogger } from 'fastify';
import type { LoggerOptions } from 'pino';

const CENSOR = '[redacted]';

/**
 * What never reaches the log: the session cookie and bearer token of a request (and a session cookie the
 * answer sets), and passwords, tokens and API keys wherever an object logged carries them.
 */
export const LOG_REDACTION = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["sec-websocket-protocol"]',
    // A media partner's API key (features/api-keys).
    'req.headers["x-api-key"]',
    'res.headers["set-cookie"]',
    'password',
    'token',
    'newPassword',
    'apiKey',
    '*.password',
    '*.token',
    '*.newPassword',
    '*.apiKey',
    '*.beehiivApiKey',
  ],
  censor: CENSOR,
} satisfies LoggerOptions['redact'];

/** Query parameters that carry a secret or personal data: sign-in links, OAuth answers, the live socket's token. */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'user', 'email']);
const SECRET_PARAM_NAME = /token|secret|password|key|e-?mail|session/i;

function decodeQueryPart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/**
 * A URL fit for the log: the value of every query parameter that can carry a secret or personal data
 * (by its name, or an e-mail address as its value) is replaced, and so is a fragment. The path stays.
 */
export function redactUrl(url: string): string {
  const fragmentAt = url.indexOf('#');
  const beforeFragment = fragmentAt === -1 ? url : url.slice(0, fragmentAt);
  const fragment = fragmentAt === -1 || fragmentAt === url.length - 1 ? '' : `#${CENSOR}`;
  const queryAt = beforeFragment.indexOf('?');
  if (queryAt === -1) return beforeFragment + fragment;
  const query = beforeFragment
    .slice(queryAt + 1)
    .split('&')
    .map((part) => {
      const equalsAt = part.indexOf('=');
      if (equalsAt === -1) return part;
      const name = decodeQueryPart(part.slice(0, equalsAt));
      const value = decodeQueryPart(part.slice(equalsAt + 1));
      const secret =
        SECRET_PARAMS.has(name.toLowerCase()) || SECRET_PARAM_NAME.test(name) || value.includes('@');
      return secret ? `${part.slice(0, equalsAt)}=${CENSOR}` : part;
    })
    .join('&');
  return `${beforeFragment.slice(0, queryAt + 1)}${query}${fragment}`;
}

/** The request as Fastify logs it, or a raw Node request. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

const redactIfUrl = (value: unknown): unknown => (typeof value === 'string' ? redactUrl(value) : value);

/**
 * Fastify's request serializer with the URL redacted; a `url` or `path` logged by itself (as
 * @fastify/websocket does) is redacted too.
 */
export const LOG_SERIALIZERS = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  url: redactIfUrl,
  path: redactIfUrl,
};

/** What every logger of the product is built with. */
export const LOG_OPTIONS = { redact: LOG_REDACTION, serializers: LOG_SERIALIZERS } satisfies LoggerOptions;

/** The logger the app logs through: whatever logger it was given, with the product's redaction imposed. */
export function redactingLogger(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child({}, LOG_OPTIONS);
}
