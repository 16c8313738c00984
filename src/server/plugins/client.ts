import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CLIENT_DIST, CLIENT_SOURCE_DIR as CLIENT_ROOT } from '../lib/paths';

let cachedIndex: { mtimeMs: number; html: Buffer } | undefined;
/** index.html, re-read only when a build has replaced it. */
function readIndex(file: string): Buffer {
  const { mtimeMs } = statSync(file);
  if (cachedIndex?.mtimeMs !== mtimeMs) cachedIndex = { mtimeMs, html: readFileSync(file) };
  return cachedIndex.html;
}

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
  reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });

/**
 * Serves the page: the built bundle in production, Vite with hot reload in development. Unknown
 * page paths get index.html so the client router answers them (its 404 page included).
 */
export const clientPlugin = fp(async (app: FastifyInstance, opts: { mode: 'static' | 'vite' | 'none' }) => {
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
      const html = await vite.transformIndexHtml(request.url, template);
      return reply.type('text/html').header('cache-control', 'no-store').send(html);
    });
    return;
  }

  const index = path.join(CLIENT_DIST, 'index.html');
  if (opts.mode === 'none' || !existsSync(index)) {
    if (opts.mode === 'static') app.log.warn(`no built page at ${CLIENT_DIST}: run "npm run build"`);
    app.setNotFoundHandler(notFound);
    return;
  }
  await app.register(fastifyStatic, {
    root: CLIENT_DIST,
    // Files are looked up per request, so a rebuild is served without a restart.
    wildcard: true,
    index: false,
    setHeaders(reply, file) {
      // Hashed assets never change; everything else is revalidated.
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendPage = (reply: FastifyReply) =>
    reply.type('text/html').header('cache-control', 'no-cache').send(readIndex(index));
  // The static wildcard would answer '/' as a directory (403): the root is the page.
  app.get('/', (_request, reply) => sendPage(reply));
  app.setNotFoundHandler((request, reply) => {
    if (!wantsPage(request)) return notFound(request, reply);
    return sendPage(reply);
  });
});
