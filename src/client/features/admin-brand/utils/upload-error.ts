import { z } from 'zod';

const errorBodies = z.union([z.object({ message: z.string() }), z.object({ error: z.string() })]);

/**
 * The server's reason from a failed upload ('{status}: {body}'), whether the body says `message`
 * or `error`, else the fallback.
 */
export function uploadErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]+)$/.exec(error.message);
  if (!match?.[1]) return fallback;
  try {
    const parsed = errorBodies.safeParse(JSON.parse(match[1]));
    if (!parsed.success) return fallback;
    const text = 'message' in parsed.data ? parsed.data.message : parsed.data.error;
    return text.trim() || fallback;
  } catch {
    return fallback;
  }
}
