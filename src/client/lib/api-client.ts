import { type BodyOf, type Endpoint, pathOf, type ResponseOf } from '@shared/endpoint';
import { type AppError, errorBody } from '@shared/errors';
import type { z } from 'zod';
import { currentLocale, errorCodeText } from './i18n/i18n';
import { readAuthToken } from './storage';

/** A non-OK answer. The message is `${status}: ${body or statusText}`. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain values are sent as JSON; FormData is sent as is. */
  body?: unknown;
  cache?: RequestCache;
  signal?: AbortSignal;
  /** The bearer token to send: the stored one by default; null sends none, so the cookie alone speaks. */
  bearer?: string | null;
}

let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * Where the page's requests go: the network, unless the server's own render of a public screen answers
 * them in its process (it draws the screen from the same reads, with the same parsing, as the page).
 */
export function answerRequestsWith(answer: typeof fetch): void {
  transport = answer;
}

/** Calls the API and validates the answer against the shared contract schema. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  { method = 'GET', body, cache, signal, bearer }: RequestOptions = {},
): Promise<z.output<S>> {
  const headers = new Headers({ Accept: 'application/json' });
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  // The social sign-in callback hands the page a bearer token; password sign-in relies on the cookie.
  const token = bearer === undefined ? readAuthToken() : bearer;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const response = await transport(path, {
    method,
    headers,
    body: payload,
    credentials: 'include',
    cache,
    signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, text);
  }
  const text = await response.text();
  return schema.parse(text ? JSON.parse(text) : null);
}

type Values = Record<string, string | number | boolean | undefined>;
type OutputOf<S> = S extends z.ZodType ? z.output<S> & Values : undefined;

/** What a call of an endpoint sends: its path values, query and body, typed by the contract. */
export type EndpointCall<E extends Endpoint> = Omit<RequestOptions, 'method' | 'body'> &
  (E['params'] extends z.ZodType ? { params: OutputOf<E['params']> } : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Partial<OutputOf<E['query']>> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: BodyOf<E> } : { body?: undefined });

/** Calls a shared endpoint: its method and path, its answer checked against its response schema. */
export function callEndpoint<E extends Endpoint>(e: E, call: EndpointCall<E>): Promise<ResponseOf<E>> {
  const { params, query, body, ...options } = call as EndpointCall<Endpoint> & { query?: Values };
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(name, String(value));
  const path = pathOf(e, params as Record<string, string | number | boolean> | undefined);
  // Not search.size: older phone browsers (Safari before 17) do not have it.
  const queryText = search.toString();
  return apiRequest(queryText ? `${path}?${queryText}` : path, e.response, {
    ...options,
    method: e.method,
    body,
  }) as Promise<ResponseOf<E>>;
}

/** Codes a refusal gets from its status alone: the caller's own words say more than these. */
const GENERAL_CODES = new Set(['request.invalid', 'request.conflict', 'server.internal']);

/**
 * What went wrong, for the reader. In English, the server's own message (as it always was). In another
 * language, the text of the answer's error `code`; for a general refusal (a code from the status alone)
 * or a code the page has no text for, the caller's fallback, which says what failed.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]+)$/.exec(error.message);
  if (!match?.[1]) return fallback;
  try {
    const parsed = errorBody.partial().safeParse(JSON.parse(match[1]));
    const message = parsed.success ? parsed.data.message?.trim() : undefined;
    if (!message) return fallback;
    if (currentLocale() === 'en') return message;
    const code = parsed.success ? parsed.data.code : undefined;
    return (code && !GENERAL_CODES.has(code) && errorCodeText(code)) || fallback;
  } catch {
    return fallback;
  }
}

/** The stable code of the server's error answer, or null. */
export function apiErrorCode(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]+)$/.exec(error.message);
  if (!match?.[1]) return null;
  try {
    const parsed = errorBody.partial().safeParse(JSON.parse(match[1]));
    return (parsed.success && parsed.data.code) || null;
  } catch {
    return null;
  }
}

/** Whether the server refused with this error: compared by code, whatever the language. */
export function apiErrorIs(error: unknown, known: AppError): boolean {
  return apiErrorCode(error) === known.code;
}
