import { errorPayload } from '@shared/error-codes';
import { REQUEST_MESSAGES, SERVER_MESSAGES } from '@shared/error-messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';
import { PasswordHashBusy } from '../lib/passwords';

/** Every error leaves as JSON `{"message": "...", "code": "..."}` with a status the client can act on. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorPayload(error.message, error.statusCode));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The first issue's own message: the schemas carry the product's wording ('Invalid email address').
      const first = error.validation[0];
      const message = first?.message && first.message !== 'Invalid input' ? first.message : 'Invalid request';
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const generic = /^(Invalid input|Too (big|small)|Unrecognized|Expected)/.test(message);
      const payload = errorPayload(message, 400);
      return reply
        .status(400)
        .send(generic && field ? { ...payload, message: `${field}: ${message}` } : payload);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause }, 'response did not match its schema');
      return reply.status(500).send(errorPayload(SERVER_MESSAGES.internal, 500));
    }
    if ((error as Error) instanceof PasswordHashBusy) {
      // A sign-in storm beyond what the hashing queue holds: come back once it has drained a little.
      request.log.warn('sign-in refused: the password hashing queue is full');
      return reply
        .status(503)
        .header('retry-after', '10')
        .send(errorPayload(SERVER_MESSAGES.unavailable, 503));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', '5')
          .send(errorPayload(SERVER_MESSAGES.unavailable, 503));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorPayload(SERVER_MESSAGES.internal, 500));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): keep its status, tidy its text.
    return reply.status(status).send(errorPayload(clientMessage(error), status));
  });
});

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return REQUEST_MESSAGES.unsupportedType;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return REQUEST_MESSAGES.tooLarge;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return REQUEST_MESSAGES.emptyBody;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return REQUEST_MESSAGES.badJson;
    default:
      return error.message || 'Bad request';
  }
}

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
