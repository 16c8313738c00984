/**
 * The fanout baseline: a bare `ws` WebSocketServer (compression off, as the product's) on a plain node
 * HTTP server, started like the product (`node --import tsx`, NODE_ENV=production). It says the product's
 * connection_established on open and, on POST /broadcast, sends the bytes of FANOUT_PAYLOAD (a file) to
 * every socket, converted to a Buffer once: the least the library needs to fan one message out. It
 * answers how long its send loop took.
 * GET /api/health answers 200, for startServer.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { WebSocketServer } from 'ws';

const payload = readFileSync(process.env.FANOUT_PAYLOAD ?? '');
const established = Buffer.from(JSON.stringify({ type: 'connection_established', data: { signedIn: true } }));

const server = http.createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/broadcast') {
    request.resume();
    const started = performance.now();
    for (const ws of wss.clients) ws.send(payload, { binary: false });
    // How long the sends held the thread: the rest of the time to the last client is the kernel's and theirs.
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ sockets: wss.clients.size, loopMs: performance.now() - started }));
    return;
  }
  if (request.url === '/api/health') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  response.writeHead(404).end();
});
const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.on('error', () => ws.terminate());
  ws.send(established, { binary: false });
});
server.listen(Number(process.env.PORT), '127.0.0.1', 511);
process.on('SIGTERM', () => {
  for (const ws of wss.clients) ws.terminate();
  server.close(() => process.exit(0));
});
