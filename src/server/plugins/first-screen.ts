import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { authApi } from '@shared/auth';
import { BOOT_ELEMENT_ID, type BootAnswer, type FanBoot, type FirstScreenRenderer } from '@shared/boot';
import { type Endpoint, keyOf, pathOf } from '@shared/endpoint';
import { DEFAULT_LOCALE, directionOf, type Locale } from '@shared/i18n/locales';
import { ratingsApi, votesApi } from '@shared/match-day';
import { matchesApi } from '@shared/matches';
import { playersApi } from '@shared/players';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { requestLocale, serverMessages } from '../lib/i18n';
import type { Metrics } from '../lib/metrics';
import { SESSION_COOKIE } from '../lib/sessions';
import { CLIENT_SOURCE_DIR } from '../paths';
import { sessionKeyOf } from './auth';

type PathValues = Record<string, string | number>;

/** First screens drawn at once per instance; beyond that the page is sent as built. */
const MAX_IN_FLIGHT = 8;

/**
 * The renderer: built beside the server bundle (dist/server/first-screen.js); from the sources under tsx
 * and in tests. Null when neither loads, and the page is then sent as built.
 */
export async function loadRenderer(log: FastifyBaseLogger): Promise<FirstScreenRenderer | null> {
  const built = path.join(path.dirname(fileURLToPath(import.meta.url)), 'first-screen.js');
  const source = path.join(CLIENT_SOURCE_DIR, 'app/first-screen.tsx');
  const file = existsSync(built) ? built : source;
  try {
    const module = (await import(pathToFileURL(file).href)) as Partial<FirstScreenRenderer>;
    return typeof module.renderFirstScreen === 'function' && typeof module.renderPublicScreen === 'function'
      ? { renderFirstScreen: module.renderFirstScreen, renderPublicScreen: module.renderPublicScreen }
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
): Promise<FanBoot | null> {
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
export function looksWide(request: FastifyRequest): boolean {
  const mobileHint = request.headers['sec-ch-ua-mobile'];
  if (typeof mobileHint === 'string') return mobileHint.trim() === '?0';
  return !/Mobi|Android|iPhone|iPad/i.test(request.headers['user-agent'] ?? '');
}

/** JSON that is safe inside a script element: nothing in it can close the element or open a comment. */
export function scriptJson(value: unknown): string {
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
 * The page as built with a drawn screen in its root, the answers it was drawn from beside it, and the
 * language's `lang` and direction; compressed quickly, as it is made per request. Null when the page has
 * no empty root to fill.
 */
export function fillPage(
  page: string,
  locale: Locale,
  markup: string,
  bootJson: string,
  coding: FirstScreen['coding'],
): FirstScreen | null {
  const filled = page
    .replace('<html lang="en">', `<html lang="${locale}" dir="${directionOf(locale)}">`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${markup}</div><script type="application/json" id="${BOOT_ELEMENT_ID}">${bootJson}</script>`,
    );
  if (filled === page) return null;
  const raw = Buffer.from(filled);
  const body =
    coding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : coding === 'gzip'
        ? gzipSync(raw, { level: 6 })
        : raw;
  return { body, coding };
}

/** Drawings kept per instance, one per session and view: enough for every fan on a busy phone-only match day's instance. */
const KEPT_DRAWINGS = 1_000;
/** Public drawings kept per instance (addresses times languages, layouts and codings). */
const KEPT_PUBLIC = 500;
/**
 * How long a public drawing is sent again: the live match's score is this late at most, and the page
 * asks again for every answer it was drawn from once it takes over.
 */
const PUBLIC_KEPT_MS = 2_000;

/**
 * The screens a signed-out visitor can land on from a link: the home, signing in and up, the password
 * reset link's screen, and the season's public pages. The fan's own pages and the admin's are not drawn.
 */
const PUBLIC_SCREENS = [
  // The home without a query only: a social sign-in's return carries its token in one.
  /^\/$/,
  // Not the e-mail link's confirmation: it is a post the page's script makes, so nothing to draw ahead.
  /^\/(signin|signup|register|forgot-password|reset-password)$/,
  /^\/(matches|season|team-of-the-week|privacy|terms)$/,
  /^\/matches\/\d{1,10}$/,
  /^\/players\/\d{1,10}$/,
  /^\/season\/[a-z0-9-]{1,40}(\/team)?$/,
];

export function isPublicScreen(url: string): boolean {
  const path = url === '/' || !url.startsWith('/?') ? (url.split('?')[0] ?? '') : '';
  return url.length <= 2048 && PUBLIC_SCREENS.some((pattern) => pattern.test(path));
}

/** A session gets a freshly drawn screen at most this often; in between, its last one if unchanged, else the page as built. */
const SESSION_REDRAW_MS = 2_000;
/**
 * Milliseconds of drawing an instance allows itself per second (a quarter of a core), and the most it
 * saves up: a drawing costs 15-20 ms of the event loop, and beyond this fans get the page as built, which
 * draws itself a little later, for free.
 */
const DRAWING_MS_PER_SECOND = 250;
const DRAWING_BURST_MS = 1_000;

/** A bucket of milliseconds that refills with time: what drawing may spend. */
export class TimeBudget {
  #left: number;
  #at: number;
  constructor(
    private readonly perSecondMs: number,
    private readonly burstMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#left = burstMs;
    this.#at = now();
  }
  /** Whether anything is left to spend now. */
  available(): boolean {
    const now = this.now();
    this.#left = Math.min(this.burstMs, this.#left + ((now - this.#at) * this.perSecondMs) / 1000);
    this.#at = now;
    return this.#left > 0;
  }
  spend(ms: number): void {
    this.#left -= ms;
  }
}

interface Kept {
  /** The page and answers it was drawn from: the same again draws the same bytes. */
  page: string;
  boot: string;
  screen: FirstScreen;
  drawnAt: number;
}

export interface FirstScreenOptions {
  maxInFlight?: number;
  metrics?: Metrics | undefined;
  budget?: TimeBudget;
}

/**
 * For a signed-in fan's navigation to `/`: the page with the home screen already in it and the answers
 * it was drawn from. Null when the request is not such a navigation, names nobody, the drawing budget is
 * spent, or rendering fails: the caller then sends the page as built, which works as before. A session's
 * last drawing is sent again while its answers are unchanged, and a session's navigations at one moment
 * share one drawing, so a fan reloading in a loop costs the answers' reads, not a drawing each.
 */
export function firstScreens(app: FastifyInstance, options: FirstScreenOptions = {}) {
  const maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
  const budget = options.budget ?? new TimeBudget(DRAWING_MS_PER_SECOND, DRAWING_BURST_MS);
  const outcomes = options.metrics?.firstScreens;
  const counted = {
    drawn: outcomes?.labels({ outcome: 'drawn' }),
    reused: outcomes?.labels({ outcome: 'reused' }),
    built: outcomes?.labels({ outcome: 'built' }),
  };
  let renderer: Promise<FirstScreenRenderer | null> | null = null;
  let inFlight = 0;
  const kept = new Map<string, Kept>();
  const drawing = new Map<string, Promise<FirstScreen | null>>();

  const keep = (key: string, entry: Kept) => {
    kept.delete(key);
    kept.set(key, entry);
    if (kept.size > KEPT_DRAWINGS) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
  };

  const draw = async (
    request: FastifyRequest,
    key: string,
    page: string,
    coding: 'br' | 'gzip' | null,
  ): Promise<FirstScreen | null> => {
    const cookie = request.headers.cookie ?? '';
    renderer ??= loadRenderer(request.log);
    const render = await renderer;
    if (!render) return null;
    const boot = await bootFor(app, cookie, requestLocale(request));
    if (!boot) return null;
    const bootJson = scriptJson(boot);
    const last = kept.get(key);
    if (last && last.page === page && last.boot === bootJson) {
      keep(key, last);
      counted.reused?.inc();
      return last.screen;
    }
    const now = Date.now();
    if ((last && now - last.drawnAt < SESSION_REDRAW_MS) || !budget.available()) return null;
    const began = performance.now();
    try {
      const html = render.renderFirstScreen(boot, {
        wide: looksWide(request),
        messages: serverMessages(boot.locale),
      });
      const screen = fillPage(page, boot.locale, html, bootJson, coding);
      if (!screen) return null;
      keep(key, { page, boot: bootJson, screen, drawnAt: now });
      counted.drawn?.inc();
      return screen;
    } finally {
      budget.spend(performance.now() - began);
    }
  };

  /** Public drawings by address, language, layout and coding: the same for every visitor, for a few seconds. */
  const publicKept = new Map<string, { screen: FirstScreen; page: string; drawnAt: number }>();

  const drawPublic = async (
    request: FastifyRequest,
    key: string | null,
    page: string,
    coding: FirstScreen['coding'],
  ): Promise<FirstScreen | null> => {
    renderer ??= loadRenderer(request.log);
    const render = await renderer;
    if (!render || !budget.available()) return null;
    const locale = requestLocale(request) ?? DEFAULT_LOCALE;
    let spent = 0;
    try {
      const drawn = await render.renderPublicScreen({
        url: request.url,
        locale,
        wide: looksWide(request),
        messages: serverMessages(locale),
        read: async (path) => {
          const answer = await app.inject({
            method: 'GET',
            url: path,
            // The visitor's own reads, as the page would make them: their address and language.
            remoteAddress: request.ip,
            headers: { accept: 'application/json', 'accept-language': locale },
          });
          return { status: answer.statusCode, body: answer.body };
        },
      });
      if (!drawn) return null;
      spent = drawn.renderMs;
      const screen = fillPage(
        page,
        locale,
        drawn.html,
        scriptJson({ user: null, answers: drawn.answers, locale }),
        coding,
      );
      if (screen && key) {
        publicKept.delete(key);
        publicKept.set(key, { screen, page, drawnAt: Date.now() });
        if (publicKept.size > KEPT_PUBLIC) publicKept.delete(publicKept.keys().next().value ?? '');
      }
      if (screen) counted.drawn?.inc();
      return screen;
    } finally {
      budget.spend(spent);
    }
  };

  const publicScreen = async (request: FastifyRequest, page: string, coding: FirstScreen['coding']) => {
    // An address carrying a query (a one-time link's token) is drawn for its visitor alone, never kept.
    const key = request.url.includes('?')
      ? null
      : `${request.url}|${coding ?? ''}|${looksWide(request) ? 'w' : 'n'}|${requestLocale(request) ?? ''}`;
    const last = key ? publicKept.get(key) : undefined;
    if (last && last.page === page && Date.now() - last.drawnAt < PUBLIC_KEPT_MS) {
      counted.reused?.inc();
      return last.screen;
    }
    return drawnOnce(request, key, () => drawPublic(request, key, page, coding));
  };

  /**
   * One drawing per key at a time (navigations at the same moment share it), and at most `maxInFlight`
   * in all: in a storm of arrivals the page goes out as built, and draws itself a little later, for free.
   */
  const drawnOnce = async (
    request: FastifyRequest,
    key: string | null,
    work: () => Promise<FirstScreen | null>,
  ): Promise<FirstScreen | null> => {
    const pending = key ? drawing.get(key) : undefined;
    if (pending) {
      const shared = await pending;
      if (shared) counted.reused?.inc();
      return countBuilt(shared);
    }
    if (inFlight >= maxInFlight) return countBuilt(null);
    inFlight += 1;
    const drawn = work().catch((error: unknown) => {
      request.log.warn({ err: error }, 'the first screen could not be rendered: the page is sent as built');
      return null;
    });
    if (key) drawing.set(key, drawn);
    try {
      return countBuilt(await drawn);
    } finally {
      if (key) drawing.delete(key);
      inFlight -= 1;
    }
  };

  return async (request: FastifyRequest, page: string, coding: 'br' | 'gzip' | null) => {
    // A browser's own navigation only: not the service worker's copy of the shell, not a tool.
    if (request.headers['sec-fetch-mode'] !== 'navigate' || request.method !== 'GET') return null;
    const cookie = request.cookies[SESSION_COOKIE];
    // A visitor with no session at all, landing on a screen anyone can see: drawn for everyone alike.
    if (cookie === undefined) return isPublicScreen(request.url) ? publicScreen(request, page, coding) : null;
    if (request.url !== '/') return null;
    const session = sessionKeyOf(cookie);
    if (!session) return null;
    // One drawing per session and view: the same fan in a phone and a desktop browser gets each.
    const key = `${session}|${coding ?? ''}|${looksWide(request) ? 'w' : 'n'}|${request.headers['accept-language'] ?? ''}`;
    return drawnOnce(request, key, () => draw(request, key, page, coding));
  };

  function countBuilt(screen: FirstScreen | null): FirstScreen | null {
    if (!screen) counted.built?.inc();
    return screen;
  }
}
