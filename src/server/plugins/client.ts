import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { REQUEST_ERRORS } from '@shared/error-messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorAnswer } from '../lib/http-error';
import type { Metrics } from '../lib/metrics';
import { CLIENT_DIST, CLIENT_SOURCE_DIR as CLIENT_ROOT } from '../paths';
import { firstScreens } from './first-screen';

/** Content codings the build writes beside each text file (scripts/build.mjs), best first. */
const CODINGS = ['br', 'gzip'] as const;
type Coding = (typeof CODINGS)[number];
const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/**
 * The best of `available` (in their order of preference) that Accept-Encoding allows, or null for the
 * file as it is. q-values count; `*` stands for codings not named; an explicit identity weighted above
 * a coding wins over it.
 */
export function preferredCoding(header: string | undefined, available: readonly Coding[]): Coding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => /^q\s*=/.test(param));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const identity = weights.get('identity') ?? 0;
  let best: Coding | null = null;
  let bestWeight = 0;
  for (const coding of available) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight && weight >= identity) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

interface Page {
  mtimeMs: number;
  /** The page as built, and each precompressed variant the build wrote. */
  bodies: { identity: Buffer } & Partial<Record<Coding, Buffer>>;
  codings: Coding[];
  /** Strong validator of the content; each coding gets its own tag, as its bytes differ. */
  tag: string;
}

let cachedPage: { file: string; page: Page } | undefined;
/** index.html and its variants, re-read only when a build has replaced it. */
function readPage(file: string): Page {
  const { mtimeMs } = statSync(file);
  if (cachedPage?.file === file && cachedPage.page.mtimeMs === mtimeMs) return cachedPage.page;
  const identity = readFileSync(file);
  const bodies: Page['bodies'] = { identity };
  const codings: Coding[] = [];
  for (const coding of CODINGS) {
    const variant = statSync(file + SUFFIX[coding], { throwIfNoEntry: false });
    // A variant older than the page (index.html edited after the build) would send the old page.
    if (!variant || variant.mtimeMs < mtimeMs) continue;
    bodies[coding] = readFileSync(file + SUFFIX[coding]);
    codings.push(coding);
  }
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const page = { mtimeMs, bodies, codings, tag };
  cachedPage = { file, page };
  return page;
}

/** Changes the page as built makes for the club's branding: `tag` names exactly what `apply` does. */
export interface PageBranding {
  tag: string;
  apply(html: string): string;
}

let cachedBranded: { key: string; page: Page } | undefined;
/** The page with the branding applied, compressed once per build and branding (not per request). */
function brandedPage(built: Page, branding: PageBranding): Page {
  const key = `${built.tag}:${branding.tag}`;
  if (cachedBranded?.key === key) return cachedBranded.page;
  const identity = Buffer.from(branding.apply(built.bodies.identity.toString('utf8')));
  const page: Page = {
    mtimeMs: built.mtimeMs,
    bodies: {
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    },
    codings: ['br', 'gzip'],
    tag: `${built.tag}-${branding.tag}`,
  };
  cachedBranded = { key, page };
  return page;
}

/** If-None-Match names this tag (or any). */
const matchesTag = (header: string | undefined, etag: string): boolean =>
  (header ?? '').split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });

/** A page path: not the API, not the socket, not a file (a missing asset stays a 404). */
const wantsPage = (request: FastifyRequest) => {
  const pathname = request.url.split('?')[0] ?? '/';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !pathname.startsWith('/api/') &&
    pathname !== '/api' &&
    !pathname.startsWith('/ws') &&
    !/\.[a-z0-9]+$/i.test(pathname)
  );
};

const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply
    .status(404)
    .send(
      errorAnswer(REQUEST_ERRORS.notFound, `Route ${request.method} ${request.url.split('?')[0]} not found`),
    );

/**
 * Serves the page: the built bundle in production, Vite with hot reload in development. Unknown
 * page paths get index.html so the client router answers them (its 404 page included). `branding`
 * gives what the page needs for the club's colours from its first paint (null: the page as built).
 */
export const clientPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      mode: 'static' | 'vite' | 'none';
      dir?: string | undefined;
      branding?: { current(): Promise<PageBranding | null> };
      metrics?: Metrics;
    },
  ) => {
    const brandingNow = async () => (await opts.branding?.current()) ?? null;
    if (opts.mode === 'vite') {
      const { createServer } = await import('vite');
      await app.register(import('@fastify/middie'));
      const vite = await createServer({
        configFile: path.resolve(CLIENT_ROOT, '../../vite.config.ts'),
        // Hot reload has a port of its own (Vite's 24678): upgrades on the app's port all belong to /ws.
        server: { middlewareMode: true },
        appType: 'custom',
      });
      app.use(vite.middlewares);
      app.addHook('onClose', () => vite.close());
      app.setNotFoundHandler(async (request, reply) => {
        if (!wantsPage(request)) return notFound(request, reply);
        const template = readFileSync(path.join(CLIENT_ROOT, 'index.html'), 'utf8');
        const branding = await brandingNow();
        const html = await vite.transformIndexHtml(
          request.url,
          branding ? branding.apply(template) : template,
        );
        return reply.type('text/html').header('cache-control', 'no-store').send(html);
      });
      return;
    }

    const root = opts.dir ?? CLIENT_DIST;
    const index = path.join(root, 'index.html');
    if (opts.mode === 'none' || !existsSync(index)) {
      if (opts.mode === 'static') app.log.warn(`no built page at ${root}: run "npm run build"`);
      app.setNotFoundHandler(notFound);
      return;
    }
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      // The build's .br and .gz beside each text file go out by Accept-Encoding, with Vary and the
      // original's type: no compression work per request.
      preCompressed: true,
      // Only through negotiation: a variant asked for by name would arrive undecodable.
      allowedPath: (pathname) => !/\.(br|gz)$/i.test(pathname),
      setHeaders(reply, file) {
        // Hashed assets never change; everything else is revalidated.
        const immutable = path.relative(root, file).startsWith(`assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const firstScreen = firstScreens(app, { metrics: opts.metrics });
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const built = readPage(index);
      const branding = await brandingNow();
      const page = branding ? brandedPage(built, branding) : built;
      const coding = preferredCoding(request.headers['accept-encoding'], page.codings);
      // A signed-in fan's home arrives drawn: this page is theirs alone, never cached or shared.
      const drawn = await firstScreen(request, page.bodies.identity.toString('utf8'), coding);
      if (drawn) {
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('vary', 'accept-encoding, cookie');
        if (drawn.coding) reply.header('content-encoding', drawn.coding);
        return reply.send(drawn.body);
      }
      const etag = `"${page.tag}${coding ? `-${coding}` : ''}"`;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('etag', etag);
      // Revalidated on every load (no-cache): an unchanged page costs a 304 and no body.
      if (matchesTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      if (coding) reply.header('content-encoding', coding);
      return reply.send(coding ? page.bodies[coding] : page.bodies.identity);
    };
    // The static wildcard would answer '/' as a directory (403): the root is the page.
    app.get('/', (request, reply) => sendPage(request, reply));
    app.setNotFoundHandler((request, reply) => {
      if (!wantsPage(request)) return notFound(request, reply);
      return sendPage(request, reply);
    });
  },
);
