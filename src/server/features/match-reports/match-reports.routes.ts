import { REQUEST_ERRORS } from '@shared/error-messages';
import { DEFAULT_LOCALE, isLocale } from '@shared/i18n/locales';
import { DB_INT_MAX } from '@shared/ids';
import {
  cardLanguageQuery,
  MY_RATINGS_CARD_PATH,
  matchReport,
  matchReportsApi,
  matchSummaryPage,
  myRatingsCardFileName,
} from '@shared/match-reports';
import { matchPathParams } from '@shared/matches';
import { playerProfile, seasonsApi, seasonTable } from '@shared/seasons';
import { coloursOf } from '@shared/settings';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { forbidden } from '../../lib/http-error';
import { requestLocale } from '../../lib/i18n';
import { encodeJson } from '../../lib/json-answer';
import { route } from '../../lib/route';
import { requireUser, signedIn } from '../../plugins/auth';
import { getCustomization } from '../settings/settings.service';
import { canReadHistory } from './history.policy';
import { readUserHistory } from './history.service';
import { listMatchReports, readMatchReport, reportsBackfilled } from './match-reports.service';
import { MY_CARD_RATE, MyRatingsCards } from './my-card.service';
import { publicAnswers } from './public-answers';
import { listSeasons, readPlayerProfile, readSeasonTable } from './seasons.service';
import { createCardDrawing, ShareCards } from './share.service';
import { sharePageHtml } from './share-page';

/** `/share/match/7` is the page a shared link opens, `/share/match/7.png` its card. */
const SHARE_PATH = '/share/match/:file';
const shareParams = z.object({
  file: z
    .string()
    .regex(/^[1-9]\d{0,9}(\.png)?$/, 'Invalid match')
    .refine((file) => Number.parseInt(file, 10) <= DB_INT_MAX, 'Invalid match'),
});

/** Ended matches' reports, for everyone: figures only, never a fan's identity. */
export async function matchReportsRoutes(
  app: FastifyInstance,
  opts: { db: Database; clubName: string; publicUrl: string; feed: ChangeFeed },
) {
  const { db } = opts;
  // Every reader of a key gets the same bytes, encoded once (see PublicAnswers). Anyone may share a past
  // match's page: a minute of caching spares the server a shared link's crowd too.
  const answers = publicAnswers(db);
  // A report or season table written by any instance says so (`reports`, from the database's trigger).
  opts.feed.subscribe((change) => {
    if (change.kind === 'reports' || change.kind === 'reset') answers.forget();
  });
  const sendShared = <S extends z.ZodType>(
    reply: FastifyReply,
    schema: S,
    key: string,
    read: () => Promise<z.output<S>>,
  ) =>
    answers.send(reply, key, async () => {
      await reportsBackfilled(db);
      return encodeJson(schema, await read());
    });
  route(app, matchReportsApi.list, {}, (request, reply) => {
    const { page } = request.query;
    return sendShared(reply, matchSummaryPage, `list:${page}`, () => listMatchReports(db, page));
  });
  route(app, matchReportsApi.report, {}, (request, reply) => {
    const { id } = request.params;
    return sendShared(reply, matchReport, `report:${id}`, () => readMatchReport(db, id));
  });
  route(app, seasonsApi.list, {}, (_request, reply) =>
    sendShared(reply, seasonsApi.list.response, 'seasons', () => listSeasons(db)),
  );
  route(app, seasonsApi.table, {}, (request, reply) => {
    const { season } = request.params;
    return sendShared(reply, seasonTable, `table:${season}`, () => readSeasonTable(db, season));
  });
  route(app, seasonsApi.profile, {}, (request, reply) => {
    const { id } = request.params;
    return sendShared(reply, playerProfile, `player:${id}`, () => readPlayerProfile(db, id));
  });
  route(app, seasonsApi.history, { preValidation: signedIn }, async (request, reply) => {
    if (!canReadHistory(requireUser(request), request.params.id))
      throw forbidden(REQUEST_ERRORS.ownHistoryOnly);
    reply.header('cache-control', 'private, no-store');
    return readUserHistory(db, request.params.id);
  });

  // A shared link: the networks read the card's tags from the page and show the drawn result, both in the
  // language the link names (the sharer's), else the reader's.
  // One queue of drawings for every card this instance draws.
  const drawing = createCardDrawing();
  const cards = new ShareCards(drawing);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      SHARE_PATH,
      { schema: { params: shareParams, querystring: cardLanguageQuery } },
      async (request, reply) => {
        const [id, image] = [Number.parseInt(request.params.file, 10), request.params.file.endsWith('.png')];
        const report = await readMatchReport(db, id);
        const branding = await getCustomization(db, opts.clubName);
        const { companyName } = branding;
        const colours = coloursOf(branding);
        const locale = request.query.lang ?? requestLocale(request) ?? DEFAULT_LOCALE;
        // Kept a minute, as the reports: a corrected or reopened match's page is not served stale for long.
        reply.header('cache-control', 'public, max-age=60');
        if (!request.query.lang) reply.header('vary', 'Accept-Language, Cookie');
        if (image) {
          // A new report, language, name or colours is a new drawing, and a new tag for whoever kept the old.
          const etag = `"${cards.version(report, companyName, colours, locale)}"`;
          reply.header('etag', etag).header('content-disposition', 'inline');
          if (request.headers['if-none-match'] === etag) return reply.status(304).send();
          return reply.type('image/png').send(await cards.image(report, companyName, colours, locale));
        }
        return reply
          .type('text/html; charset=utf-8')
          .send(
            sharePageHtml(
              report,
              { name: companyName, colours, logoUrl: branding.logoUrl },
              opts.publicUrl,
              locale,
            ),
          );
      },
    );

  // A fan's own ratings as an image to share: always the caller's own (no user in the path), never cached
  // on the way, and saved as a file.
  const myCards = new MyRatingsCards(drawing);
  app.withTypeProvider<ZodTypeProvider>().get(
    MY_RATINGS_CARD_PATH,
    {
      preValidation: signedIn,
      schema: { params: matchPathParams, querystring: cardLanguageQuery },
      // Per fan, once signed in: a fan saves or shares a card a few times, a script asks all day.
      config: {
        rateLimit: {
          ...MY_CARD_RATE,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `my-card:${requireUser(request).id}`,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const report = await readMatchReport(db, request.params.id);
      const branding = await getCustomization(db, opts.clubName);
      // The page names the language it reads in; else the fan's own.
      const saved = isLocale(user.locale) ? user.locale : null;
      const locale = request.query.lang ?? requestLocale(request) ?? saved ?? DEFAULT_LOCALE;
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="${myRatingsCardFileName(report.match.opponent)}"`,
        )
        .send(
          await myCards.image(
            db,
            user.id,
            report,
            { name: branding.companyName, colours: coloursOf(branding) },
            locale,
          ),
        );
    },
  );
}
