import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REQUEST_ERRORS, SERVER_ERRORS } from '@shared/error-messages';
import { errorAnswer } from './http-error';
import type { Metrics } from './metrics';
import type { Readiness } from './readiness';

export interface OpsServer {
  /** The port it listens on (the one asked for, or the one given for port 0). */
  readonly port: number;
  /** The app's metrics, once it is built: until then /metrics answers 503. */
  attach(metrics: Metrics): void;
  close(): Promise<void>;
}

export interface OpsServerOptions {
  port: number;
  host: string;
  readiness: Readiness;
  log?: { error(details: object, message: string): void };
}

function json(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * The operations listener (METRICS_PORT on METRICS_HOST, loopback by default): `/metrics` without a
 * token, `/ready` and `/live`. Plain node:http, started before the migrations, so an orchestrator sees
 * the instance alive and not yet ready while they run. Never expose it beyond the operations network.
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  let metrics: Metrics | null = null;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return json(res, 405, errorAnswer(REQUEST_ERRORS.methodNotAllowed));
    const path = (req.url ?? '/').split('?')[0];
    switch (path) {
      case '/live':
        return json(res, 200, { status: 'ok' });
      case '/ready': {
        const answer = await options.readiness.check();
        return json(res, answer.status === 'ready' ? 200 : 503, answer);
      }
      case '/metrics': {
        if (!metrics) return json(res, 503, { status: options.readiness.state, message: 'Not started yet' });
        const text = await metrics.scrape();
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        return res.end(text);
      }
      default:
        return json(res, 404, errorAnswer(REQUEST_ERRORS.notFound));
    }
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log?.error({ err: error }, 'operations listener: answer failed');
      if (!res.headersSent) json(res, 500, errorAnswer(SERVER_ERRORS.internal));
      else res.destroy();
    });
  });
  // Probes and scrapes are small and quick: a client that dawdles is cut.
  server.requestTimeout = 10_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    attach: (m) => {
      metrics = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
