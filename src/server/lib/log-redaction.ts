import type { LoggerOptions } from 'pino';

/**
 * What never reaches the log: the session cookie and bearer token of a request (and a session cookie the
 * answer sets), and passwords, tokens and API keys wherever an object logged carries them.
 */
export const LOG_REDACTION = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
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
  censor: '[redacted]',
} satisfies LoggerOptions['redact'];
