import { REQUEST_ERRORS } from '@shared/error-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';

/** Whether a string (or key) anywhere in a parsed JSON value holds a NUL character. Iterative: bodies nest deep. */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) stack.push(inner);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/**
 * A NUL character in any text of a request body is refused with 400: PostgreSQL text cannot hold it.
 * Checked after the guards and the schema (preHandler), so 401/403 and the schema's own 400 come first.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: it runs on every request (the rating's hot path too) and costs no promise there.
  app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
    done(
      request.body !== undefined && holdsNul(request.body)
        ? badRequest(REQUEST_ERRORS.nulCharacter)
        : undefined,
    );
  });
});
