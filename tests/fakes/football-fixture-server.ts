import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** How the fixture answers for one provider player id. */
export type FixtureFailure =
  /** The profile call answers 500. */
  | 'server-error'
  /** The profile has no photo. */
  | 'no-photo'
  /** The photo URL serves text, not an image. */
  | 'not-image'
  /** The profile answers only after `slowMs` (to prove the adapter gives up). */
  | 'slow';

export interface FootballFixtureServer {
  /** Base URL, to pass as FOOTBALL_API_URL. */
  url: string;
  /** The key it expects in `x-apisports-key`. */
  key: string;
  /** Every request seen: path with query, and the key header sent. */
  requests: { path: string; key: string | undefined }[];
  /** Makes the given provider ids fail in the given way (cleared with `reset`). */
  fail(ids: number[], how: FixtureFailure): void;
  reset(): void;
  close(): Promise<void>;
}

/** A real PNG with a colour of its own per id, so each player's stored image differs. */
export async function fixturePhoto(id: number, size = 120): Promise<Buffer> {
  return sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: { r: (id * 37) % 256, g: (id * 91) % 256, b: (id * 53) % 256 },
    },
  })
    .png()
    .toBuffer();
}

/**
 * A local stand-in for the API-Football v3 service: `GET /players/profiles?player={id}` answers the
 * provider's shape with a photo URL pointing back here, and `GET /photos/{id}.png` serves the photo.
 * A missing or wrong key gets the provider's own answer: HTTP 200 with a non-empty `errors`.
 */
export async function startFootballFixtureServer(
  options: { key?: string; slowMs?: number } = {},
): Promise<FootballFixtureServer> {
  const key = options.key ?? 'fixture-key';
  const failures = new Map<number, FixtureFailure>();
  const requests: FootballFixtureServer['requests'] = [];
  const pending = new Set<ServerResponse>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture.local');
    const sentKey = req.headers['x-apisports-key'];
    requests.push({
      path: `${url.pathname}${url.search}`,
      key: typeof sentKey === 'string' ? sentKey : undefined,
    });

    if (url.pathname === '/players/profiles') {
      const id = Number(url.searchParams.get('player'));
      const envelope = { get: 'players/profiles', parameters: { player: String(id) } };
      if (sentKey !== key) {
        return json(res, 200, {
          ...envelope,
          errors: {
            token: 'Error/Missing application key. Go to https://www.api-football.com/documentation-v3',
          },
          results: 0,
          response: [],
        });
      }
      const failure = failures.get(id);
      if (failure === 'server-error') return json(res, 500, { message: 'upstream trouble' });
      if (failure === 'slow') {
        pending.add(res);
        await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 2_000));
        pending.delete(res);
        if (res.destroyed) return;
      }
      const base = `http://${req.headers.host}`;
      const photo =
        failure === 'no-photo' ? null : `${base}/photos/${id}.${failure === 'not-image' ? 'txt' : 'png'}`;
      return json(res, 200, {
        ...envelope,
        errors: [],
        results: 1,
        paging: { current: 1, total: 1 },
        response: [{ player: { id, name: `Player ${id}`, nationality: 'England', photo } }],
      });
    }

    const photo = /^\/photos\/(\d+)\.(png|txt)$/.exec(url.pathname);
    if (photo) {
      if (photo[2] === 'txt') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end('this is not a picture, whatever the header says');
      }
      const bytes = await fixturePhoto(Number(photo[1]));
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length });
      return res.end(bytes);
    }
    return json(res, 404, { message: 'not found' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    fail(ids, how) {
      for (const id of ids) failures.set(id, how);
    },
    reset() {
      failures.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of pending) res.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
