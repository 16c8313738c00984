import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Baseline headers on every answer. The page bundles everything it loads, so its policy allows our own
 * origin and, for the admin's tracking tags, Google Tag Manager and Analytics (loaded by URL from
 * validated ids, never as inline script). Style attributes are allowed: Radix positions popovers with them.
 */
const GOOGLE_TAGS = 'https://www.googletagmanager.com';
const GOOGLE_ANALYTICS = 'https://*.google-analytics.com https://*.analytics.google.com';
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${GOOGLE_TAGS}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  `connect-src 'self' ws: wss: ${GOOGLE_TAGS} ${GOOGLE_ANALYTICS}`,
  `frame-src 'self' https://www.youtube-nocookie.com ${GOOGLE_TAGS}`,
  // The service worker (/sw.js) and the web app manifest are our own files.
  "worker-src 'self'",
  "manifest-src 'self'",
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
