import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';

/** Every error leaves as JSON `{"message": "..."}` with a status the client can act on. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The first issue's own message: the schemas carry the product's wording ('Invalid email address').
      const first = error.validation[0];
      const message = first?.message && first.message !== 'Invalid input' ? first.message : 'Invalid request';
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const generic = /^(Invalid input|Too (big|small)|Unrecognized|Expected)/.test(message);
      return reply.status(400).send({ message: generic && field ? `${field}: ${message}` : message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .send({ message: 'Service temporarily unavailable. Please try again shortly.' });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): keep its status, tidy its text.
    return reply.status(status).send({ message: clientMessage(error) });
  });
});

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body must not be empty';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    default:
      return error.message || 'Bad request';
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  '57P01',
  '57P03',
]);
function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
