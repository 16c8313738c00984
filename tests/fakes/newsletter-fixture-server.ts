import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

interface Answer {
  status: number;
  body?: unknown;
}

const BY_EMAIL = /^\/publications\/[^/]+\/subscriptions\/by_email\/([^/?]+)$/;
const ONE = /^\/publications\/[^/]+\/subscriptions\/([^/?]+)$/;

/**
 * A stand-in for the newsletter provider (beehiiv API v2) on 127.0.0.1: it records every request and
 * keeps a list of subscribers. A sign-up (POST .../subscriptions) answers 201; a lookup (GET
 * .../subscriptions/by_email/:email) answers 200 with the subscription or 404; a removal (DELETE
 * .../subscriptions/:id) answers 204 or 404. Or every request fails with the status it was told.
 */
export async function startNewsletterFixture() {
  const requests: RecordedRequest[] = [];
  /** Lower-cased e-mail to subscription id. */
  const subscribers = new Map<string, string>();
  let failWith: number | null = null;
  // Ids stay unique when a test clears `requests`.
  let issued = 0;

  function answer(method: string, url: string, body: unknown): Answer {
    if (failWith !== null)
      return { status: failWith, body: { errors: [{ message: 'Provider unavailable' }] } };
    const lookup = method === 'GET' ? BY_EMAIL.exec(url) : null;
    if (lookup) {
      const email = decodeURIComponent(lookup[1] ?? '');
      const id = subscribers.get(email.toLowerCase());
      return id
        ? { status: 200, body: { data: { id, email, status: 'active' } } }
        : { status: 404, body: { errors: [{ message: 'Subscription not found' }] } };
    }
    const one = method === 'DELETE' ? ONE.exec(url) : null;
    if (one) {
      const id = decodeURIComponent(one[1] ?? '');
      const entry = [...subscribers].find(([, value]) => value === id);
      if (!entry) return { status: 404, body: { errors: [{ message: 'Subscription not found' }] } };
      subscribers.delete(entry[0]);
      return { status: 204 };
    }
    issued += 1;
    const id = `sub_${issued}`;
    const email = (body as { email?: unknown } | undefined)?.email;
    if (method === 'POST' && typeof email === 'string' && !subscribers.has(email.toLowerCase()))
      subscribers.set(email.toLowerCase(), id);
    return { status: 201, body: { data: { id, status: 'active' } } };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // Kept as text: the test sees what was sent.
      }
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      });
      const { status, body: reply } = answer(req.method ?? '', req.url ?? '', body);
      if (reply === undefined) {
        res.writeHead(status);
        res.end();
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The addresses subscribed now (lower-cased). */
    subscribers: () => [...subscribers.keys()],
    /** Answer every request with this status from now on (null: succeed again). */
    failWith(status: number | null) {
      failWith = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
export type NewsletterFixture = Awaited<ReturnType<typeof startNewsletterFixture>>;
