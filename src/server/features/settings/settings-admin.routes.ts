import { brandingAdminApi } from '@shared/settings-admin';
import { trackingApi } from '@shared/tracking';
import { trackingAdminApi } from '@shared/tracking-admin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { route } from '../../lib/route';
import { adminOnly } from '../../plugins/auth';
import { getCustomization, getSocialMedia } from './settings.service';
import {
  getTrackingIds,
  getTrackingSettings,
  saveCustomization,
  saveSocialMedia,
  saveTrackingSettings,
} from './settings-admin.service';
import { buildTrackingScripts } from './tracking.service';

/** GET/POST /api/admin/customization, /api/admin/social-media, /api/admin/tracking; GET /api/scripts/tracking. */
export async function settingsAdminRoutes(app: FastifyInstance, opts: { db: Database; clubName: string }) {
  const { db, clubName } = opts;
  const admin = { preValidation: adminOnly };

  route(app, brandingAdminApi.customization, admin, () => getCustomization(db, clubName));
  // The colours are in the page's palette and the squad's portrait addresses: this instance's copies are
  // dropped at once, the others' on the database's notice.
  route(app, brandingAdminApi.saveCustomization, { ...admin, changes: [{ kind: 'branding' }] }, (request) =>
    saveCustomization(db, clubName, request.body),
  );

  route(app, brandingAdminApi.socialMedia, admin, () => getSocialMedia(db));
  route(
    app,
    brandingAdminApi.saveSocialMedia,
    { ...admin, changes: [{ kind: 'content', content: 'social-media' }] },
    (request) => saveSocialMedia(db, request.body),
  );

  // The newsletter key is masked in both answers: it never leaves the server.
  route(app, trackingAdminApi.settings, admin, () => getTrackingSettings(db));
  // The tag loader reads the ids from the database at each start of a page: nothing to tell.
  route(app, trackingAdminApi.save, { ...admin, changes: [] }, (request) =>
    saveTrackingSettings(db, request.body),
  );

  // Public: the page's tag loader reads it at start. Built from the ids alone, never from other settings.
  route(app, trackingApi.scripts, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return buildTrackingScripts(await getTrackingIds(db));
  });
}
