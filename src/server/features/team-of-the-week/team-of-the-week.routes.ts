import { DEFAULT_LOCALE } from '@shared/i18n/locales';
import { cardLanguageQuery } from '@shared/match-reports';
import { coloursOf } from '@shared/settings';
import {
  TEAM_SEASON_CARD_PATH,
  TEAM_WEEK_CARD_PATH,
  type Team,
  team,
  teamCardQuery,
  teamOfTheWeekApi,
} from '@shared/team-of-the-week';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { requestLocale } from '../../lib/i18n';
import { encodeJson } from '../../lib/json-answer';
import { route } from '../../lib/route';
import { reportsBackfilled } from '../match-reports/match-reports.service';
import type { PublicAnswers } from '../match-reports/public-answers';
import { cardText, createCardDrawing } from '../match-reports/share.service';
import { getCustomization } from '../settings/settings.service';
import { TeamCards, teamCardVersion } from './team-card.service';
import { readSeasonTeam, readTeamOfPeriod } from './team-of-the-week.service';

const seasonCardParams = z.object({
  file: z.string().regex(/^\d{4}-\d{2}\.png$/, 'Invalid season'),
});

/** The fans' Team of the Week and of the Season, and their cards: public, built from ended matches only. */
export async function teamOfTheWeekRoutes(
  app: FastifyInstance,
  opts: { db: Database; clubName: string; answers: PublicAnswers },
) {
  const { db } = opts;
  // The reports' own public answers (handed in by the app, one per database), forgotten with them
  // whenever a report is kept, hidden or shown, on any instance (the reports' routes listen for it).
  const { answers } = opts;
  const sendTeam = (reply: FastifyReply, key: string, read: () => Promise<Team>) =>
    answers.send(reply, `team:${key}`, async () => {
      await reportsBackfilled(db);
      return encodeJson(team, await read());
    });
  route(app, teamOfTheWeekApi.week, {}, (request, reply) => {
    const { match, from, to } = request.query;
    return sendTeam(reply, `week:${match ?? ''}:${from ?? ''}:${to ?? ''}`, () =>
      readTeamOfPeriod(db, { match, from, to }),
    );
  });
  route(app, teamOfTheWeekApi.season, {}, (request, reply) => {
    const { season } = request.params;
    return sendTeam(reply, `season:${season}`, () => readSeasonTeam(db, season));
  });

  const cards = new TeamCards(createCardDrawing());
  const sendCard = async (
    request: FastifyRequest,
    reply: FastifyReply,
    lang: z.infer<typeof teamCardQuery>['lang'],
    read: () => Promise<Team>,
  ) => {
    await reportsBackfilled(db);
    const found = await read();
    const branding = await getCustomization(db, opts.clubName);
    const colours = coloursOf(branding);
    const locale = lang ?? requestLocale(request) ?? DEFAULT_LOCALE;
    // Kept a minute, as the answers it draws: a new match in the week is not served stale for long.
    reply.header('cache-control', 'public, max-age=60');
    if (!lang) reply.header('vary', 'Accept-Language, Cookie');
    const etag = `"${teamCardVersion(found, branding.companyName, colours, locale)}"`;
    reply.header('etag', etag).header('content-disposition', 'inline');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply
      .type('image/png')
      .send(await cards.image(found, branding.companyName, colours, cardText(locale)));
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(TEAM_WEEK_CARD_PATH, { schema: { querystring: teamCardQuery } }, (request, reply) => {
    const { match, from, to, lang } = request.query;
    return sendCard(request, reply, lang, () => readTeamOfPeriod(db, { match, from, to }));
  });
  typed.get(
    TEAM_SEASON_CARD_PATH,
    { schema: { params: seasonCardParams, querystring: cardLanguageQuery } },
    (request, reply) => {
      const season = request.params.file.slice(0, -'.png'.length);
      return sendCard(request, reply, request.query.lang, () => readSeasonTeam(db, season));
    },
  );
}
