import { errorBody } from '@shared/errors';
import type { z } from 'zod';
import { readAuthToken } from './storage';

/** A non-OK answer. The message is `${status}: ${body or statusText}` (product.md point 8). */
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

  const response = await fetch(path, {
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

/** The server's `{"message": ...}` from a failed request, or the fallback for anything else. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]+)$/.exec(error.message);
  if (!match?.[1]) return fallback;
  try {
    const parsed = errorBody.safeParse(JSON.parse(match[1]));
    return parsed.success && parsed.data.message.trim() ? parsed.data.message : fallback;
  } catch {
    return fallback;
  }
}
