/**
 * The reads anchor: a bare `node:http` server answering each path with the bytes and the headers the
 * product gave (captured by bench/lib/bare-comparison.ts), from memory, routed by one exact-path Map
 * lookup: what answering these reads costs with no framework at all. Started like the product
 * (`node --import tsx`, NODE_ENV=production). BARE_ROUTES names a JSON file of { path, headers, body
 * (base64) }. GET /api/health answers 200, for startServer.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

interface BareRoute {
  path: string;
  /** The product's answer's headers, name and value, in its order (no Date, Connection or length). */
  headers: Array<[string, string]>;
  body: string;
}

interface Answer {
  headers: Array<[string, string]>;
  body: Buffer;
}

const routes = JSON.parse(readFileSync(process.env.BARE_ROUTES ?? '', 'utf8')) as BareRoute[];
const answers = new Map<string, Answer>(
  routes.map((route) => {
    const body = Buffer.from(route.body, 'base64');
    // The length set once here, as the product's framework sets it: node then neither chunks nor counts.
    const headers: Array<[string, string]> = [...route.headers, ['content-length', String(body.length)]];
    return [route.path, { headers, body }];
  }),
);
const health = Buffer.from('{"status":"ok"}');

const server = http.createServer((request, response) => {
  const answer = request.method === 'GET' ? answers.get(request.url ?? '') : undefined;
  if (answer) {
    for (const [name, value] of answer.headers) response.setHeader(name, value);
    response.end(answer.body);
    return;
  }
  if (request.url === '/api/health') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(health);
    return;
  }
  response.writeHead(404).end();
});
// Fastify's default, which the product keeps: node's own 5 s would close the pool's sockets between runs.
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1', 511);
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
