import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Baseline headers on every answer. The page bundles everything it loads, so its policy allows our own
 * origin and, for the admin's tracking tags, Google Tag Manager and Analytics (loaded by URL from
 * validated ids, never as inline script). Style attributes are allowed: Radix positions popovers with them.
 */
const GOOGLE_TAGS = 'https://www.googletagmanager.com';
const GOOGLE_ANALYTICS = 'https://*.google-analytics.com https://*.analytics.google.com';

/** The live socket's origin: the page's own host, ws on http and wss on https. */
function liveOrigin(publicUrl: string): string {
  const { protocol, host } = new URL(publicUrl);
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

function contentSecurityPolicy(publicUrl: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${GOOGLE_TAGS}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // Sockets to our own origin only ('self' covers it in CSP3 browsers; older ones need it named).
    `connect-src 'self' ${liveOrigin(publicUrl)} ${GOOGLE_TAGS} ${GOOGLE_ANALYTICS}`,
    `frame-src 'self' https://www.youtube-nocookie.com ${GOOGLE_TAGS}`,
    // The service worker (/sw.js) and the web app manifest are our own files.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const BASELINE = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * An API answer is data, never a document: it may load nothing and be framed by nobody. The short policy
 * keeps the page's long one off every JSON answer. The fast reads (plugins/fast-reads.ts) send
 * this same set.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...BASELINE,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
});

/**
 * How long an API answer may be kept when its route says nothing: by nobody. A fan's leaderboard, ratings
 * and votes differ from the next fan's, and a shared cache must never hand one to another; a route that
 * may be kept (the public report, the squad) says so itself.
 */
export const API_DEFAULT_CACHE_CONTROL = 'private, no-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route sends its own policy instead of the page's: the widgets' pages, which other sites may
     * frame (features/embed), and their scripts.
     */
    ownSecurityHeaders?: boolean;
  }
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { contentSecurityPolicy: boolean; publicUrl: string }) => {
    // Vite's dev server injects inline scripts for hot reload; the policy applies to the built page.
    const page = opts.contentSecurityPolicy
      ? { ...BASELINE, 'content-security-policy': contentSecurityPolicy(opts.publicUrl) }
      : BASELINE;
    // A callback hook: it runs on every answer, and costs no promise there.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/')) {
        reply.headers(API_SECURITY_HEADERS);
        // A refusal or a miss is never kept, whatever the route meant for its answer: it may be over in a
        // second (a report 404 until full time, a 429 until the window turns).
        const routes = reply.getHeader('cache-control');
        if (routes === undefined || (reply.statusCode >= 400 && !String(routes).includes('no-store')))
          reply.header('cache-control', API_DEFAULT_CACHE_CONTROL);
      } else if (!request.routeOptions.config.ownSecurityHeaders) reply.headers(page);
      done(null, payload);
    });
  },
);
