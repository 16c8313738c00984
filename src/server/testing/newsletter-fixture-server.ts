import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/**
 * A stand-in for the newsletter provider (beehiiv API v2) on 127.0.0.1: it records every request and
 * answers 201, or the status it was told to fail with.
 */
export async function startNewsletterFixture() {
  const requests: RecordedRequest[] = [];
  let failWith: number | null = null;

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
      const status = failWith ?? 201;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          status < 300
            ? { data: { id: `sub_${requests.length}`, status: 'active' } }
            : { errors: [{ message: 'Provider unavailable' }] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
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
