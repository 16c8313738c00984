import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * The JSON a route's response schema would send for `value`, made once so a cached answer is not
 * encoded again for every reader (fastify-type-provider-zod encodes the same way). Send it with sendJson.
 */
export function encodeJson<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/**
 * Sends JSON made by encodeJson: with a JSON content type, Fastify sends a string as it is. The handler
 * returns what this returns, so Fastify knows the answer is on its way.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
