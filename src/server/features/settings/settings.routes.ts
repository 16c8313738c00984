import { announcement, announcementBody, banners, bannersBody } from '@shared/content';
import { errorBody } from '@shared/errors';
import { customization, socialMedia } from '@shared/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { adminOnly } from '../../plugins/auth';
import { liveAfter } from '../../plugins/live';
import {
  getAnnouncement,
  getBanners,
  getCustomization,
  getSocialMedia,
  saveBanners,
  setAnnouncement,
} from './settings.service';

/** Public reads of the branding, links, banners and announcement; the admin's announcement write. */
export async function settingsRoutes(base: FastifyInstance, opts: { db: Database; clubName: string }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/customization', { schema: { response: { 200: customization } } }, () =>
    getCustomization(opts.db, opts.clubName),
  );
  app.get('/api/social-media', { schema: { response: { 200: socialMedia } } }, () => getSocialMedia(opts.db));
  app.get('/api/banners', { schema: { response: { 200: banners } } }, () => getBanners(opts.db));
  app.get('/api/announcement', { schema: { response: { 200: announcement } } }, async () => ({
    announcement: await getAnnouncement(opts.db),
  }));
  app.post(
    '/api/admin/announcement',
    {
      preValidation: adminOnly,
      config: liveAfter.content('announcement'),
      schema: {
        body: announcementBody,
        response: { 200: announcement, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ announcement: await setAnnouncement(opts.db, request.body.announcement) }),
  );
  const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };
  app.get(
    '/api/admin/banners',
    { preValidation: adminOnly, schema: { response: { 200: banners, ...adminErrors } } },
    () => getBanners(opts.db),
  );
  app.post(
    '/api/admin/banners',
    {
      preValidation: adminOnly,
      config: liveAfter.content('banners'),
      schema: { body: bannersBody, response: { 200: banners, ...adminErrors } },
    },
    (request) => saveBanners(opts.db, request.body),
  );
}
