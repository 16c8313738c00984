/**
 * The reads baseline: a bare Fastify app (logger off, as the product runs) answering each path with the
 * bytes the product gave, from memory. Started like the product: `node --import tsx`, NODE_ENV=production.
 * BARE_ROUTES names a JSON file of { pattern, contentType, body (base64) }: the product's route patterns,
 * so routing costs the same.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

interface BareRoute {
  pattern: string;
  contentType: string;
  body: string;
}

const routes = JSON.parse(readFileSync(process.env.BARE_ROUTES ?? '', 'utf8')) as BareRoute[];
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));
for (const route of routes) {
  const body = Buffer.from(route.body, 'base64');
  app.get(route.pattern, (_request, reply) => {
    reply.header('content-type', route.contentType).send(body);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
