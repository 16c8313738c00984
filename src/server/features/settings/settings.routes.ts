import { contentApi } from '@shared/content';
import { contentAdminApi } from '@shared/content-admin';
import { brandingApi } from '@shared/settings';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { route } from '../../lib/route';
import { adminOnly } from '../../plugins/auth';
import {
  getAnnouncement,
  getBanners,
  getCustomization,
  getSocialMedia,
  saveBanners,
  setAnnouncement,
} from './settings.service';

/** Public reads of the branding, links, banners and announcement; the admin's writes of the last two. */
export async function settingsRoutes(app: FastifyInstance, opts: { db: Database; clubName: string }) {
  route(app, brandingApi.customization, {}, () => getCustomization(opts.db, opts.clubName));
  route(app, brandingApi.socialMedia, {}, () => getSocialMedia(opts.db));
  route(app, contentApi.banners, {}, () => getBanners(opts.db));
  route(app, contentApi.announcement, {}, async () => ({ announcement: await getAnnouncement(opts.db) }));
  route(
    app,
    contentAdminApi.setAnnouncement,
    { preValidation: adminOnly, changes: [{ kind: 'content', content: 'announcement' }] },
    async (request) => ({ announcement: await setAnnouncement(opts.db, request.body.announcement) }),
  );
  route(app, contentAdminApi.adminBanners, { preValidation: adminOnly }, () => getBanners(opts.db));
  route(
    app,
    contentAdminApi.saveBanners,
    { preValidation: adminOnly, changes: [{ kind: 'content', content: 'banners' }] },
    (request) => saveBanners(opts.db, request.body),
  );
}
