import { FEED_ERRORS, feedAdminApi } from '@shared/feed';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/http-error';
import { route } from '../../lib/route';
import { adminOnly } from '../../plugins/auth';
import type { MatchFeed } from './feed.service';

/** The admin's view of the football-data feed: its state, its settings, and a sync on demand. */
export async function feedRoutes(app: FastifyInstance, opts: { feed: MatchFeed }) {
  const { feed } = opts;
  const admin = { preValidation: adminOnly };
  route(app, feedAdminApi.status, admin, () => feed.status());
  // The feed's own writes (matches, players) say what they changed as they make them.
  route(app, feedAdminApi.saveSettings, { ...admin, changes: [] }, (request) =>
    feed.saveSettings(request.body),
  );
  route(app, feedAdminApi.sync, { ...admin, changes: [] }, async () => {
    if (!feed.configured) throw badRequest(FEED_ERRORS.notConfigured);
    const status = await feed.status();
    if (status.settings.teamId === null) throw badRequest(FEED_ERRORS.noTeam);
    return feed.syncNow();
  });
}
