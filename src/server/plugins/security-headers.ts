import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Baseline headers on every answer. The page bundles everything it loads, so its policy allows only
 * our own origin (style attributes aside, which Radix positions popovers with).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-src 'self' https://www.youtube-nocookie.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { contentSecurityPolicy: boolean }) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-opener-policy', 'same-origin');
      // Vite's dev server injects inline scripts for hot reload; the policy applies to the built page.
      if (opts.contentSecurityPolicy) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    });
  },
);
