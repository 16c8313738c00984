import { DB_INT_MAX } from '@shared/ids';
import { matchReportsApi } from '@shared/match-reports';
import { seasonsApi } from '@shared/seasons';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { route } from '../../lib/route';
import { requireUser, signedIn } from '../../plugins/auth';
import { clubColours } from '../settings/club-colours.service';
import { getCustomization } from '../settings/settings.service';
import { canReadHistory } from './history.policy';
import { readUserHistory } from './history.service';
import { listMatchReports, readMatchReport } from './match-reports.service';
import { listSeasons, readPlayerProfile, readSeasonTable } from './seasons.service';
import { ShareCards, sharePageHtml } from './share.service';

/** `/share/match/7` is the page a shared link opens, `/share/match/7.png` its card. */
const SHARE_PATH = '/share/match/:file';
const shareParams = z.object({
  file: z
    .string()
    .regex(/^[1-9]\d{0,9}(\.png)?$/, 'Invalid match')
    .refine((file) => Number.parseInt(file, 10) <= DB_INT_MAX, 'Invalid match'),
});

const HISTORY_FORBIDDEN = 'You can only see your own ratings history';

/** Ended matches' reports, for everyone: figures only, never a fan's identity. */
export async function matchReportsRoutes(
  app: FastifyInstance,
  opts: { db: Database; clubName: string; publicUrl: string },
) {
  const { db } = opts;
  // Anyone may share a past match's page: a minute of caching spares the database a shared link's crowd.
  const publicRead = {
    onRequest: async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'public, max-age=60');
    },
  };
  route(app, matchReportsApi.list, publicRead, (request) => listMatchReports(db, request.query.page));
  route(app, matchReportsApi.report, publicRead, (request) => readMatchReport(db, request.params.id));
  route(app, seasonsApi.list, publicRead, () => listSeasons(db));
  route(app, seasonsApi.table, publicRead, (request) => readSeasonTable(db, request.params.season));
  route(app, seasonsApi.profile, publicRead, (request) => readPlayerProfile(db, request.params.id));
  route(app, seasonsApi.history, { preValidation: signedIn }, async (request, reply) => {
    if (!canReadHistory(requireUser(request), request.params.id)) throw forbidden(HISTORY_FORBIDDEN);
    reply.header('cache-control', 'private, no-store');
    return readUserHistory(db, request.params.id);
  });

  // A shared link: the networks read the card's tags from the page and show the drawn result.
  const cards = new ShareCards();
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(SHARE_PATH, { schema: { params: shareParams } }, async (request, reply) => {
      const [id, image] = [Number.parseInt(request.params.file, 10), request.params.file.endsWith('.png')];
      const report = await readMatchReport(db, id);
      const { companyName } = await getCustomization(db, opts.clubName);
      reply.header('cache-control', 'public, max-age=300');
      if (image)
        return reply
          .type('image/png')
          .header('content-disposition', 'inline')
          .send(await cards.image(report, companyName, clubColours()));
      return reply.type('text/html; charset=utf-8').send(sharePageHtml(report, companyName, opts.publicUrl));
    });
}
