import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { authApi } from '@shared/auth';
import { BOOT_ELEMENT_ID, type Boot, type BootAnswer, type FirstScreenRenderer } from '@shared/boot';
import { type Endpoint, keyOf, pathOf } from '@shared/endpoint';
import { DEFAULT_LOCALE, directionOf, type Locale } from '@shared/i18n/locales';
import { ratingsApi, votesApi } from '@shared/match-day';
import { matchesApi } from '@shared/matches';
import { playersApi } from '@shared/players';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { requestLocale, serverMessages } from '../lib/i18n';
import { SESSION_COOKIE } from '../lib/sessions';
import { CLIENT_SOURCE_DIR } from '../paths';

type PathValues = Record<string, string | number>;

/** First screens drawn at once per instance; beyond that the page is sent as built. */
const MAX_IN_FLIGHT = 8;

/**
 * The renderer: built beside the server bundle (dist/server/first-screen.js); from the sources under tsx
 * and in tests. Null when neither loads, and the page is then sent as built.
 */
async function loadRenderer(log: FastifyBaseLogger): Promise<FirstScreenRenderer | null> {
  const built = path.join(path.dirname(fileURLToPath(import.meta.url)), 'first-screen.js');
  const source = path.join(CLIENT_SOURCE_DIR, 'app/first-screen.tsx');
  const file = existsSync(built) ? built : source;
  try {
    const module = (await import(pathToFileURL(file).href)) as Partial<FirstScreenRenderer>;
    return typeof module.renderFirstScreen === 'function'
      ? { renderFirstScreen: module.renderFirstScreen }
      : null;
  } catch (error) {
    log.warn({ err: error }, 'the first screen cannot be rendered on the server: the page is sent as built');
    return null;
  }
}

/** Our own GET route for this request's session, answered in the process: the same rules as the page's. */
async function answerOf(
  app: FastifyInstance,
  cookie: string,
  endpoint: Pick<Endpoint, 'path'>,
  params?: PathValues,
): Promise<BootAnswer | null> {
  const answer = await app.inject({ method: 'GET', url: pathOf(endpoint, params), headers: { cookie } });
  if (answer.statusCode !== 200) return null;
  return { key: keyOf(endpoint, params), data: answer.json() };
}

/** The voting screen's answers for the session's user, or null when the request names nobody. */
export async function bootFor(
  app: FastifyInstance,
  cookie: string,
  requested: Locale | null = null,
): Promise<Boot | null> {
  const me = await answerOf(app, cookie, authApi.me);
  const user = authApi.me.response.safeParse(me?.data);
  if (!user.success) return null;
  const [match, players] = await Promise.all([
    answerOf(app, cookie, matchesApi.current),
    answerOf(app, cookie, playersApi.available),
  ]);
  const current = matchesApi.current.response.safeParse(match?.data);
  const answers = [match, players];
  if (current.success && current.data) {
    const params = { userId: user.data.user.id, matchId: current.data.id };
    answers.push(
      ...(await Promise.all([
        answerOf(app, cookie, ratingsApi.userRatings, params),
        answerOf(app, cookie, votesApi.progress, params),
        answerOf(app, cookie, votesApi.hasVoted, params),
      ])),
    );
  }
  return {
    user: user.data.user,
    answers: answers.filter((a): a is BootAnswer => a !== null),
    // The account's language, else the one this browser asks for.
    locale: user.data.user.locale ?? requested ?? DEFAULT_LOCALE,
  };
}

/** A desktop browser, by its client hint or, failing that, its user agent: the wide layout is drawn. */
function looksWide(request: FastifyRequest): boolean {
  const mobileHint = request.headers['sec-ch-ua-mobile'];
  if (typeof mobileHint === 'string') return mobileHint.trim() === '?0';
  return !/Mobi|Android|iPhone|iPad/i.test(request.headers['user-agent'] ?? '');
}

/** JSON that is safe inside a script element: nothing in it can close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface FirstScreen {
  body: Buffer;
  coding: 'br' | 'gzip' | null;
}

/**
 * For a signed-in fan's navigation to `/`: the page with the home screen already in it and the answers
 * it was drawn from. Null when the request is not such a navigation, names nobody, or rendering fails:
 * the caller then sends the page as built, which works as before.
 */
export function firstScreens(app: FastifyInstance, { maxInFlight = MAX_IN_FLIGHT } = {}) {
  let renderer: Promise<FirstScreenRenderer | null> | null = null;
  let inFlight = 0;
  return async (request: FastifyRequest, page: string, coding: 'br' | 'gzip' | null) => {
    // A browser's own navigation only: not the service worker's copy of the shell, not a tool.
    if (request.headers['sec-fetch-mode'] !== 'navigate' || request.url !== '/') return null;
    if (!request.cookies[SESSION_COOKIE]) return null;
    // In a storm of arrivals the page goes out as built: it draws itself, a little later, for free.
    if (inFlight >= maxInFlight) return null;
    const cookie = request.headers.cookie ?? '';
    renderer ??= loadRenderer(request.log);
    inFlight += 1;
    try {
      const render = await renderer;
      if (!render) return null;
      const boot = await bootFor(app, cookie, requestLocale(request));
      if (!boot) return null;
      const html = render.renderFirstScreen(boot, {
        wide: looksWide(request),
        messages: serverMessages(boot.locale),
      });
      const filled = page
        .replace('<html lang="en">', `<html lang="${boot.locale}" dir="${directionOf(boot.locale)}">`)
        .replace(
          '<div id="root"></div>',
          `<div id="root">${html}</div><script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptJson(boot)}</script>`,
        );
      if (filled === page) return null;
      const raw = Buffer.from(filled);
      // Quick settings: this page is made per request.
      const body =
        coding === 'br'
          ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : coding === 'gzip'
            ? gzipSync(raw, { level: 6 })
            : raw;
      return { body, coding } satisfies FirstScreen;
    } catch (error) {
      request.log.warn({ err: error }, 'the first screen could not be rendered: the page is sent as built');
      return null;
    } finally {
      inFlight -= 1;
    }
  };
}
