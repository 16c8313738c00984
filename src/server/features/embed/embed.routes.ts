import { EMBED_ERRORS, embedAdminApi, embedApi, embedLive } from '@shared/embed';
import {
  EMBED_SCRIPT_PATH,
  FRAME_SCRIPT_PATH,
  LIVE_POLL_MS,
  WIDGET_THEMES,
  WIDGETS,
} from '@shared/embed-widgets';
import { REQUEST_ERRORS } from '@shared/error-messages';
import { acceptedLanguages, DEFAULT_LOCALE, isLocale, type Locale, matchLocale } from '@shared/i18n/locales';
import { matchPathParams } from '@shared/matches';
import { seasonSlug } from '@shared/seasons';
import { coloursOf } from '@shared/settings';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { forbidden, HttpError } from '../../lib/http-error';
import { encodeJson, sendJson } from '../../lib/json-answer';
import { route } from '../../lib/route';
import { TtlCache } from '../../lib/ttl-cache';
import { adminOnly, requireUser } from '../../plugins/auth';
import type { MatchSnapshots } from '../match-day/results.service';
import { readMatchReport, reportsBackfilled } from '../match-reports/match-reports.service';
import { listSeasons, readSeasonTable } from '../match-reports/seasons.service';
import type { MatchCache } from '../matches/match-cache';
import { getCustomization } from '../settings/settings.service';
import { readTeamOfPeriod } from '../team-of-the-week/team-of-the-week.service';
import { mayEditEmbedSites, SCRIPT_HEADERS, WIDGET_PAGE_HEADERS, widgetPolicy } from './embed.policy';
import {
  EmbedSitesCache,
  LiveWidgetAnswer,
  liveWidgetState,
  phaseOf,
  readEmbedSites,
  saveEmbedSites,
} from './embed.service';
import {
  emptyWidget,
  liveWidget,
  matchWidget,
  seasonWidget,
  teamWidget,
  type WidgetDocument,
  type WidgetView,
  widgetLabels,
} from './embed-pages';
import { type EmbedScriptName, embedScript } from './embed-scripts';
import { matchOfUrl, oembedOf } from './oembed.service';

export interface EmbedRoutesOptions {
  db: Database;
  clubName: string;
  publicUrl: string;
  feed: ChangeFeed;
  matches: MatchCache;
  snapshots: MatchSnapshots;
}

/** `?lang=` (any value: a language we do not speak falls back to the reader's) and `?theme=`. */
const widgetQuery = z.object({
  lang: z.string().max(16).optional(),
  theme: z.enum(WIDGET_THEMES).optional(),
});
type WidgetQuery = z.output<typeof widgetQuery>;

/** A drawn widget page; not `ready`: it says there is nothing to show yet. */
interface Drawn {
  ready: boolean;
  page: WidgetDocument;
}

/** Kept by browsers and edges: the live page as long as its data, the others as the public reports. */
const LIVE_CACHE = `public, max-age=${LIVE_POLL_MS / 1000}, s-maxage=${LIVE_POLL_MS / 1000}`;
const WIDGET_CACHE = 'public, max-age=60, s-maxage=60';
/** The loader's address never changes: an hour fresh, then a day served while it is checked again. */
const SCRIPT_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

/** The language a widget draws in: the one the embedding page set, else the reader's. Never a cookie. */
function widgetLocale(request: FastifyRequest, lang: string | undefined): Locale {
  const asked = lang?.toLowerCase();
  if (isLocale(asked)) return asked;
  const header = request.headers['accept-language'];
  return matchLocale(acceptedLanguages(Array.isArray(header) ? header[0] : header)) ?? DEFAULT_LOCALE;
}

/**
 * The widgets: their pages (framed by the admin's sites), their scripts, the live read they share, the
 * oEmbed answer of the share pages, and the admin's list. Everything here but the list is public and
 * reads nothing of the reader: no cookie is read or set.
 */
export async function embedRoutes(app: FastifyInstance, opts: EmbedRoutesOptions) {
  const { db, feed } = opts;
  const sites = new EmbedSitesCache(db, feed);

  route(app, embedAdminApi.sites, { preValidation: adminOnly }, () => readEmbedSites(db));
  route(
    app,
    embedAdminApi.saveSites,
    { preValidation: adminOnly, changes: [{ kind: 'embeds' }] },
    (request) => {
      if (!mayEditEmbedSites(requireUser(request))) throw forbidden(REQUEST_ERRORS.adminOnly);
      return saveEmbedSites(db, request.body.origins);
    },
  );

  const readLive = async () => {
    const match = await opts.matches.currentMatch();
    const raters =
      match && phaseOf(match) !== 'upcoming' ? (await opts.snapshots.get(match.id)).raters : null;
    return liveWidgetState(match, raters);
  };
  const live = new LiveWidgetAnswer(async () => encodeJson(embedLive, await readLive()), feed);
  // One answer for every reader and every site, kept by any cache as long as the widget waits.
  route(app, embedApi.live, {}, async (_request, reply) => {
    reply.header('cache-control', LIVE_CACHE);
    return sendJson(reply, await live.get());
  });

  route(app, embedApi.oembed, {}, async (request, reply) => {
    const { url, format, maxwidth, maxheight } = request.query;
    if (format === 'xml') throw new HttpError(501, EMBED_ERRORS.formatNotSupported);
    const { matchId, lang } = matchOfUrl(url, opts.publicUrl);
    await reportsBackfilled(db);
    const report = await readMatchReport(db, matchId);
    const { companyName } = await getCustomization(db, opts.clubName);
    const { origins } = await sites.get();
    // Consumers fetch it from their servers or their pages: any origin may read it.
    reply.header('cache-control', 'public, max-age=60').header('access-control-allow-origin', '*');
    return oembedOf({
      report,
      clubName: companyName,
      publicUrl: opts.publicUrl,
      locale: lang ?? widgetLocale(request, undefined),
      framable: origins.length > 0,
      maxwidth,
      maxheight,
    });
  });

  await app.register(widgetPages, { ...opts, sites });
}

/**
 * The widget pages and scripts, with their own headers (not the page's, which no site may frame): set
 * here on every answer of theirs, refusals included.
 */
async function widgetPages(app: FastifyInstance, opts: EmbedRoutesOptions & { sites: EmbedSitesCache }) {
  const { db } = opts;
  const config = { ownSecurityHeaders: true };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // A refusal (a malformed address) is data, as the API's: it loads nothing and nobody frames it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy'))
      reply.headers({
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      });
    done(null, payload);
  });

  // Drawn pages, shared by every reader of the same widget, language and theme for a few seconds; any
  // change to what they show drops them.
  const drawn = new TtlCache<string, Promise<Drawn>>({
    ttlMs: 5_000,
    max: 500,
  });
  opts.feed.subscribe((change) => {
    if (['match', 'reports', 'branding', 'reset'].includes(change.kind)) drawn.clear();
  });

  const draw = (
    key: string,
    make: (view: WidgetView) => Promise<Drawn>,
    request: FastifyRequest & { query: WidgetQuery },
  ) => {
    const locale = widgetLocale(request, request.query.lang);
    const theme = request.query.theme ?? 'auto';
    const cacheKey = `${key}|${locale}|${theme}`;
    let page = drawn.get(cacheKey);
    if (!page) {
      page = (async () => {
        const branding = await getCustomization(db, opts.clubName);
        return make({ locale, theme, club: { name: branding.companyName, colours: coloursOf(branding) } });
      })();
      drawn.set(cacheKey, page);
      page.catch(() => drawn.delete(cacheKey));
    }
    return page;
  };

  const send = async (
    request: FastifyRequest & { query: WidgetQuery },
    reply: FastifyReply,
    cache: string,
    drawing: Promise<Drawn>,
  ) => {
    const [{ ready, page }, { origins }] = await Promise.all([drawing, opts.sites.get()]);
    reply
      .headers(WIDGET_PAGE_HEADERS)
      .header('content-security-policy', widgetPolicy(origins, page.styleHash))
      .header('cache-control', ready ? cache : LIVE_CACHE);
    if (!request.query.lang) reply.header('vary', 'Accept-Language');
    return reply.type('text/html; charset=utf-8').send(page.html);
  };

  /**
   * A read that may 404 (a match not ended, a season with nothing yet): the widget says so instead, and
   * is kept no longer than the live one. Still a 200: a partner may embed a match before it is played,
   * and its frame draws the ratings once they are out.
   */
  const orEmpty = async (
    read: () => Promise<WidgetDocument>,
    empty: () => WidgetDocument,
  ): Promise<Drawn> => {
    try {
      return { ready: true, page: await read() };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return { ready: false, page: empty() };
      throw error;
    }
  };

  typed.get(WIDGETS.live.path, { config, schema: { querystring: widgetQuery } }, async (request, reply) => {
    const drawing = draw(
      'live',
      async (view) => {
        const match = await opts.matches.currentMatch();
        if (match && phaseOf(match) === 'full-time') {
          // At full time the live widget is the final ratings, still following for the next match.
          const attributes = ` data-live data-poll="${LIVE_POLL_MS}" data-match="${match.id}" data-phase="full-time"`;
          const state = liveWidgetState(match, null);
          return orEmpty(
            async () => {
              await reportsBackfilled(db);
              return matchWidget(view, await readMatchReport(db, match.id), attributes);
            },
            () => liveWidget(view, state),
          );
        }
        const raters =
          match && phaseOf(match) !== 'upcoming' ? (await opts.snapshots.get(match.id)).raters : null;
        return { ready: true, page: liveWidget(view, liveWidgetState(match, raters)) };
      },
      request,
    );
    return send(request, reply, LIVE_CACHE, drawing);
  });

  typed.get(
    `${WIDGETS.match.path}/:id`,
    { config, schema: { params: matchPathParams, querystring: widgetQuery } },
    async (request, reply) => {
      const { id } = request.params;
      const drawing = draw(
        `match:${id}`,
        (view) =>
          orEmpty(
            async () => {
              await reportsBackfilled(db);
              return matchWidget(view, await readMatchReport(db, id));
            },
            () => {
              const labels = widgetLabels(view.locale);
              return emptyWidget(view, labels.match, labels.matchPending);
            },
          ),
        request,
      );
      return send(request, reply, WIDGET_CACHE, drawing);
    },
  );

  const seasonPage = (
    request: FastifyRequest & { query: WidgetQuery },
    reply: FastifyReply,
    slug?: string,
  ) => {
    const drawing = draw(
      `season:${slug ?? ''}`,
      (view) =>
        orEmpty(
          async () => {
            await reportsBackfilled(db);
            // No season named: the newest with an ended match.
            const season = slug ?? (await listSeasons(db))[0]?.slug;
            if (!season) throw new HttpError(404, REQUEST_ERRORS.seasonNotFound);
            return seasonWidget(view, await readSeasonTable(db, season));
          },
          () => {
            const labels = widgetLabels(view.locale);
            return emptyWidget(view, labels.season, labels.seasonEmpty);
          },
        ),
      request,
    );
    return send(request, reply, WIDGET_CACHE, drawing);
  };
  typed.get(WIDGETS.season.path, { config, schema: { querystring: widgetQuery } }, (request, reply) =>
    seasonPage(request, reply),
  );
  typed.get(
    `${WIDGETS.season.path}/:season`,
    { config, schema: { params: z.object({ season: seasonSlug }), querystring: widgetQuery } },
    (request, reply) => seasonPage(request, reply, request.params.season),
  );

  typed.get(
    WIDGETS.teamOfTheWeek.path,
    { config, schema: { querystring: widgetQuery } },
    async (request, reply) => {
      const drawing = draw(
        'team',
        async (view) => {
          await reportsBackfilled(db);
          // The week of the latest ended match, as the public read answers it with no period named.
          return { ready: true, page: teamWidget(view, await readTeamOfPeriod(db, {})) };
        },
        request,
      );
      return send(request, reply, WIDGET_CACHE, drawing);
    },
  );

  const sendScript = async (request: FastifyRequest, reply: FastifyReply, name: EmbedScriptName) => {
    const script = await embedScript(name);
    reply
      .headers(SCRIPT_HEADERS)
      .header('cache-control', SCRIPT_CACHE)
      .header('etag', script.etag)
      .header('vary', 'Accept-Encoding')
      .type('text/javascript; charset=utf-8');
    if (request.headers['if-none-match'] === script.etag) return reply.status(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(script.brotli);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(script.gzip);
    return reply.send(script.body);
  };
  app.get(EMBED_SCRIPT_PATH, { config }, (request, reply) => sendScript(request, reply, 'loader'));
  app.get(FRAME_SCRIPT_PATH, { config }, (request, reply) => sendScript(request, reply, 'frame'));
}
