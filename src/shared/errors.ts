import { z } from 'zod';

/**
 * Every error body the server sends: `{"message": "...", "code": "..."}`. The message is English, for
 * logs, scripts and older pages; the code is stable, and the page shows its text in the reader's language.
 */
export const errorBody = z.object({ message: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

/** One error the server answers with: its stable code (`group.name`) and its English message. */
export interface AppError {
  readonly code: string;
  readonly message: string;
}

/** A feature's errors by name, each with its literal code. */
export type ErrorGroup<G extends string, M extends Record<string, string>> = {
  readonly [K in keyof M & string]: { readonly code: `${G}.${K}`; readonly message: M[K] };
};

/**
 * Defines a feature's errors once: `defineErrors('rating', { alreadyVoted: '...' }).alreadyVoted` is
 * `{ code: 'rating.alreadyVoted', message: '...' }`. The server throws the constant by name, the page
 * compares and translates it by its code; nothing finds an error by its sentence. Marked free of side
 * effects, so a page that imports a contract without its errors does not carry them.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineErrors<const G extends string, const M extends Record<string, string>>(
  group: G,
  messages: M,
): ErrorGroup<G, M> {
  return Object.fromEntries(
    Object.entries(messages).map(([name, message]) => [name, { code: `${group}.${name}`, message }]),
  ) as ErrorGroup<G, M>;
}

const KEY_PREFIX = 'errors.';

/**
 * What a shared schema says when one of its rules fails: the error's catalogue key. The page's forms
 * show the key's text in the reader's language; the server answers with the error it names (codeOfKey).
 */
export function errorKey(error: Pick<AppError, 'code'>): string {
  return `${KEY_PREFIX}${error.code}`;
}

/** The code a schema's message names, or null for any other text (zod's own words). */
export function codeOfKey(message: string): string | null {
  return message.startsWith(KEY_PREFIX) ? message.slice(KEY_PREFIX.length) : null;
}
