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
import type { UserRow } from '../db/schema';
import type { Changed, ChangesDeclaration } from './changes';

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

/**
 * A signed-in GET whose plain case can be answered from memory says so beside its handler: the fast reads
 * (plugins/fast-reads.ts) then answer that case ahead of the router, and the route answers every other.
 * Both functions read memory only, never the database.
 */
export interface FastRead<P> {
  /**
   * Whether this user may have the answer, decided from what is in memory now (the route's own policy
   * and lookups, peeked). Anything but true leaves the request to the route, which decides for good.
   */
  policy(user: UserRow, params: P): boolean;
  /** The JSON the route would send, as the route encodes it; undefined when it is not in memory now. */
  answer(params: P): string | undefined;
  /** Headers the handler sets before its JSON content type, as it sets them (the same object). */
  headers?: Readonly<Record<string, string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set through route()'s `fastRead` option. */
    fastRead?: FastRead<unknown>;
  }
}

/** What route() takes beside Fastify's own route options; `O` is what the handler returns. */
export interface RouteDeclarations<E extends Endpoint, O> {
  /** This route's plain case is answered from memory ahead of the router (GET only). */
  fastRead?: FastRead<OutputOf<E['params']>>;
  /**
   * What this write changed (every write declares it; lib/changes.ts): the changes, or a function of the
   * request and of what the handler returned, called once it has succeeded.
   */
  changes?: readonly Changed[] | ((request: EndpointRequest<E>, outcome: O) => readonly Changed[]);
}

type FastifyRouteOptions = Omit<RouteOptions, 'method' | 'url' | 'schema' | 'handler'>;

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
  options: FastifyRouteOptions & RouteDeclarations<E, ResponseOf<E>>,
  handler: Handler<E>,
): void;
/**
 * A write whose changes need facts its service learnt beyond the answer (what a match update did, whose
 * password was reset): the handler returns those facts, `answer` says what of them is sent.
 */
export function route<E extends Endpoint, O>(
  app: FastifyInstance,
  e: E,
  options: FastifyRouteOptions &
    Omit<RouteDeclarations<E, O>, 'changes'> & {
      changes: (request: EndpointRequest<E>, outcome: O) => readonly Changed[];
      answer: (outcome: O) => ResponseOf<E>;
    },
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<O> | O,
): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  options: FastifyRouteOptions &
    RouteDeclarations<E, unknown> & { answer?: (outcome: unknown) => ResponseOf<E> },
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => unknown,
): void {
  const { fastRead, changes, answer, ...fastifyOptions } = options;
  const declared = typeof changes === 'function' ? changes : undefined;
  // Called after the handler: what it found changed, and what of its outcome is sent. A handler that sent
  // its answer itself would have passed the hook that acts on the changes already.
  const run =
    declared || answer
      ? async (request: EndpointRequest<E>, reply: FastifyReply) => {
          const outcome = await handler(request, reply);
          if (reply.sent) throw new Error(`${e.method} ${e.path}: return the answer, do not send it`);
          if (declared) request.changed = declared(request, outcome);
          return answer ? answer(outcome) : outcome;
        }
      : handler;
  app.route({
    ...fastifyOptions,
    config: {
      ...fastifyOptions.config,
      ...(fastRead ? { fastRead } : {}),
      ...(changes ? { changes: changes as ChangesDeclaration } : {}),
    },
    method: e.method,
    url: e.path,
    schema: {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: { [e.status ?? 200]: e.response, ...ERRORS },
    },
    handler: run as unknown as RouteHandlerMethod,
  });
}
