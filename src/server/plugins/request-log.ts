import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from '../lib/log-redaction';

/**
 * Fastify's per-request lines ('incoming request', 'request completed', a route not found) only when
 * asked for (LOG_REQUESTS): at match-day rates they were most of the log and of its cost. What went
 * wrong is always logged, whatever the switch.
 */
export class RequestLogController extends LogController {
  constructor(perRequest: boolean) {
    super({ disableRequestLogging: !perRequest });
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error)
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else super.requestCompleted(error, request, reply);
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, error.message);
    else super.defaultErrorLog(error, request, reply);
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // A client leaving mid-answer is routine; anything else broke an answer already under way.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE')
      super.streamError(error, request, reply);
    else reply.log.warn({ err: error }, 'response terminated with an error with headers already sent');
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    reply.log.warn({ req: request, res: reply, err: error }, error.message);
  }

  override serializerError(
    error: Error,
    _request: FastifyRequest,
    reply: FastifyReply,
    metadata: { statusCode: number },
  ): void {
    reply.log.error(
      { err: error, statusCode: metadata.statusCode },
      'The serializer for the given status code failed',
    );
  }
}

/**
 * One warn line for every answer slower than `slowMs`, even with the per-request lines off: method, the
 * URL with its secrets redacted, status and duration. Live sockets are long by nature and left out.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance, opts: { slowMs: number }) => {
  app.addHook('onResponse', (request, reply, done) => {
    if (request.raw.headers.upgrade === undefined)
      logIfSlow(request.log, opts.slowMs, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  });
});

/** The slow-answer line, for this plugin's hook and the fast reads (plugins/fast-reads.ts). */
export function logIfSlow(
  log: FastifyBaseLogger,
  slowMs: number,
  method: string,
  url: string,
  statusCode: number,
  ms: number,
): void {
  if (ms > slowMs)
    log.warn({ method, url: redactUrl(url), statusCode, durationMs: Math.round(ms) }, 'slow request');
}
