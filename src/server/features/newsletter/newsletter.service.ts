import type { Database } from '../../db/client';

export interface NewsletterOptions {
  /** beehiiv API v2 base URL (NEWSLETTER_API_URL). */
  apiUrl: string;
}

/**
 * Subscribes opted-in fans through the provider's API from a queue in the database, retrying failures
 * later; a failure never fails a sign-up. start() runs the worker, stop() ends it.
 */
export function createNewsletter(_db: Database, _options: NewsletterOptions) {
  return {
    enqueue: async (_subscriber: { userId: string; email: string }) => {},
    start: () => {},
    stop: async () => {},
  };
}
export type Newsletter = ReturnType<typeof createNewsletter>;
