import { AUTH_ERRORS } from '@shared/auth';
import { knownErrors } from '@shared/error-codes';
import { REQUEST_ERRORS, SERVER_ERRORS } from '@shared/error-messages';
import { type AppError, codeOfKey } from '@shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorAnswer, HttpError } from '../lib/http-error';
import { PasswordHashBusy } from '../lib/passwords';

/** Every error leaves as JSON `{"message": "...", "code": "..."}` with a status the client can act on. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
      return reply.status(error.statusCode).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send(validationAnswer(first?.message ?? '', first?.instancePath ?? ''));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause }, 'response did not match its schema');
      return reply.status(500).send(errorAnswer(SERVER_ERRORS.internal));
    }
    if ((error as Error) instanceof PasswordHashBusy) {
      // A sign-in storm beyond what the hashing queue holds: come back once it has drained a little.
      request.log.warn('sign-in refused: the password hashing queue is full');
      return reply.status(503).header('retry-after', '10').send(errorAnswer(SERVER_ERRORS.unavailable));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply.status(503).header('retry-after', '5').send(errorAnswer(SERVER_ERRORS.unavailable));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorAnswer(SERVER_ERRORS.internal));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): keep its status, tidy its text.
    const own = FASTIFY_ERRORS[error.code];
    if (own) return reply.status(status).send(errorAnswer(own));
    return reply
      .status(status)
      .send(errorAnswer(GENERAL_ERRORS[status] ?? REQUEST_ERRORS.invalid, error.message || 'Bad request'));
  });
});

/**
 * The answer to a body, query or path that does not fit its schema, from the first issue. A rule the
 * schema words names its error by key, and the answer is that error. Zod's own words (a rule the schema
 * does not word) and a schema's plain text go out under the general code; zod's generic ones are led by
 * the field they are about.
 */
function validationAnswer(message: string, instancePath: string) {
  const code = codeOfKey(message);
  const named = code === null ? undefined : knownErrors().get(code);
  if (named) return errorAnswer(named);
  if (!message || message === 'Invalid input') return errorAnswer(REQUEST_ERRORS.invalid);
  const field = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const generic = /^(Invalid input|Too (big|small)|Unrecognized|Expected)/.test(message);
  return errorAnswer(REQUEST_ERRORS.invalid, generic && field ? `${field}: ${message}` : message);
}

/** Fastify's own refusals, in our words. */
const FASTIFY_ERRORS: Record<string, AppError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: REQUEST_ERRORS.unsupportedType,
  FST_ERR_CTP_BODY_TOO_LARGE: REQUEST_ERRORS.tooLarge,
  FST_ERR_CTP_EMPTY_JSON_BODY: REQUEST_ERRORS.emptyBody,
  FST_ERR_CTP_INVALID_JSON_BODY: REQUEST_ERRORS.badJson,
};

/** The code of any other refusal by Fastify or a plugin, by its status: its own text says the rest. */
const GENERAL_ERRORS: Record<number, AppError> = {
  400: REQUEST_ERRORS.invalid,
  401: AUTH_ERRORS.notAuthenticated,
  403: REQUEST_ERRORS.forbidden,
  404: REQUEST_ERRORS.notFound,
  409: REQUEST_ERRORS.conflict,
  413: REQUEST_ERRORS.tooLarge,
  415: REQUEST_ERRORS.unsupportedType,
  429: AUTH_ERRORS.tooManyRequests,
};

/**
 * Errors that mean the database cannot be reached right now, not that the request is wrong: socket
 * errors, postgres.js's own connection codes, PostgreSQL shutting down or refusing connections (class
 * 08, 57P01-57P03, 53300), and PGlite once it is closed (its errors carry only a message).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);
const PGLITE_CLOSED = /^PGlite is clos(ed|ing)$/;

export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    // An aggregate (a connection tried on several addresses) holds the socket errors.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => isDatabaseUnavailable(inner)))
      return true;
    if (e instanceof Error && PGLITE_CLOSED.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
