import type { Endpoint, ResponseOf } from '@shared/endpoint';
import { errorBody } from '@shared/errors';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request as an endpoint's schemas leave it: params, query and body already validated. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest & {
  params: OutputOf<E['params']>;
  query: OutputOf<E['query']>;
  body: OutputOf<E['body']>;
};

type Handler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<ResponseOf<E> | FastifyReply> | ResponseOf<E> | FastifyReply;

/** Every refusal is `{"message", "code"}`, whichever status carries it. */
const ERRORS = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 429, 503].map((status) => [status, errorBody]),
);

/**
 * Registers the route of a shared endpoint: method, path and schemas come from the contract, so the
 * page and the server cannot drift apart, and only the answer's listed fields leave the server.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  options: Omit<RouteOptions, 'method' | 'url' | 'schema' | 'handler'>,
  handler: Handler<E>,
): void {
  app.route({
    ...options,
    method: e.method,
    url: e.path,
    schema: {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: { [e.status ?? 200]: e.response, ...ERRORS },
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
