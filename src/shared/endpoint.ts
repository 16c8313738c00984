import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API endpoint, written once: the server registers its route from it (its schemas validate the
 * request and strip the answer to the listed fields), the page calls it and keys its cache by it, and the
 * security tests walk the list of them.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify's form: `/api/user-votes/:userId/match/:matchId`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer. */
  response: z.ZodType;
  /** The success status, 200 unless said. */
  status?: 200 | 201 | 204;
}

/** Declares an endpoint, keeping its exact types. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
export type ParamsOf<E extends Endpoint> = InputOf<E['params']>;
export type QueryOf<E extends Endpoint> = InputOf<E['query']>;
export type BodyOf<E extends Endpoint> = InputOf<E['body']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

type PathValues = Record<string, string | number | boolean | undefined>;

/** The path with its `:names` filled in from `params`, each value URL-encoded. */
export function pathOf(e: Pick<Endpoint, 'path'>, params?: PathValues): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The path's segments before its first `:param` (joined), and the rest. */
function splitPath(path: string): { fixed: string; rest: string[] } {
  const segments = path.split('/').filter(Boolean);
  const firstParam = segments.findIndex((s) => s.startsWith(':'));
  const cut = firstParam < 0 ? segments.length : firstParam;
  return { fixed: `/${segments.slice(0, cut).join('/')}`, rest: segments.slice(cut) };
}

/**
 * The page's cache key of an endpoint: the path's leading fixed part as one string, then each later
 * segment, values as given. `/api/user-votes/:userId/match/:matchId` is `['/api/user-votes', userId,
 * 'match', matchId]`, so invalidating `['/api/user-votes']` refreshes every key below it.
 */
export function keyOf(
  e: Pick<Endpoint, 'path'>,
  params?: PathValues,
): readonly (string | number | boolean)[] {
  const { fixed, rest } = splitPath(e.path);
  return [
    fixed,
    ...rest.map((s) => {
      if (!s.startsWith(':')) return s;
      const value = params?.[s.slice(1)];
      if (value === undefined) throw new Error(`${e.path}: no value for ${s}`);
      return value;
    }),
  ];
}

/** The fixed part of an endpoint's key: invalidating it refreshes every key of that endpoint. */
export const prefixOf = (e: Pick<Endpoint, 'path'>): readonly [string] => [splitPath(e.path).fixed];
