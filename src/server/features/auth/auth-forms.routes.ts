import type { Endpoint } from '@shared/endpoint';
import { signInApi } from '@shared/sign-in';
import type { FastifyInstance } from 'fastify';
import { requestLocale } from '../../lib/i18n';

/** A form's fields are a few short strings: more than this is not one of ours. */
const FORM_BODY_LIMIT = 4_096;

interface PageForm {
  /** The screen's address: its form posts back to it when the page's script has not arrived. */
  path: string;
  api: Endpoint;
  fields: readonly string[];
  /** Where the browser goes once the call succeeded. */
  done: string;
  /** Fields the screen needs again after a refusal (the reset link's token). */
  keep?: readonly string[];
}

const FORMS: readonly PageForm[] = [
  { path: '/signin', api: signInApi.login, fields: ['email', 'password'], done: '/' },
  {
    path: '/signup',
    api: signInApi.register,
    fields: ['name', 'email', 'password'],
    done: '/signin?notice=check-email',
  },
  {
    path: '/forgot-password',
    api: signInApi.forgotPassword,
    fields: ['email'],
    done: '/forgot-password?notice=sent',
  },
  {
    path: '/reset-password',
    api: signInApi.resetPassword,
    fields: ['token', 'password', 'name'],
    done: '/signin?notice=password-changed',
    keep: ['token'],
  },
];

/**
 * The sign-in, sign-up and recovery forms as plain form posts, for a visitor whose page's script has not
 * arrived yet (the server drew the screen): each post is the same JSON call the page makes, answered by
 * the same route with its rules and limits, then a redirect (303) to where the page would go, or back to
 * the form with the refusal's code. Cross-site posts are refused before this (the CSRF plugin).
 */
export async function authFormRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  for (const form of FORMS) {
    // Changes nothing itself: the JSON route it calls declares what that call changed.
    app.post(form.path, { config: { changes: [] } }, async (request, reply) => {
      const posted = (
        typeof request.body === 'object' && request.body !== null ? request.body : {}
      ) as Record<string, unknown>;
      const body: Record<string, string> = {};
      for (const field of form.fields) {
        const value = posted[field];
        if (typeof value === 'string' && value !== '') body[field] = value;
      }
      const locale = requestLocale(request);
      if (form.api === signInApi.register && locale) body.locale = locale;
      const answer = await app.inject({
        method: 'POST',
        url: form.api.path,
        remoteAddress: request.ip,
        headers: {
          'content-type': 'application/json',
          cookie: request.headers.cookie ?? '',
          'user-agent': request.headers['user-agent'] ?? '',
          'accept-language': request.headers['accept-language'] ?? '',
        },
        payload: JSON.stringify(body),
      });
      const cookies = answer.headers['set-cookie'];
      if (cookies) reply.header('set-cookie', cookies);
      reply.header('cache-control', 'no-store');
      if (answer.statusCode < 300) return reply.redirect(form.done, 303);
      let code = 'request.invalid';
      try {
        const refusal = JSON.parse(answer.body) as { code?: unknown };
        if (typeof refusal.code === 'string' && /^[\w.]{1,80}$/.test(refusal.code)) code = refusal.code;
      } catch {
        // An answer without our error shape: the form says it failed, in general words.
      }
      const again = new URLSearchParams();
      for (const field of form.keep ?? []) if (body[field]) again.set(field, body[field]);
      again.set('failed', code);
      return reply.redirect(`${form.path}?${again.toString()}`, 303);
    });
  }
}
