import { errorBody } from '@shared/errors';
import { customization, socialMedia, socialMediaBody } from '@shared/settings';
import { trackingBody, trackingScripts, trackingSettings } from '@shared/tracking';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { adminOnly } from '../../plugins/auth';
import { liveAfter } from '../../plugins/live';
import { getCustomization, getSocialMedia } from './settings.service';
import {
  adminCustomizationBody,
  getTrackingIds,
  getTrackingSettings,
  saveCustomization,
  saveSocialMedia,
  saveTrackingSettings,
} from './settings-admin.service';
import { buildTrackingScripts } from './tracking.service';

const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** GET/POST /api/admin/customization, /api/admin/social-media, /api/admin/tracking; GET /api/scripts/tracking. */
export async function settingsAdminRoutes(base: FastifyInstance, opts: { db: Database; clubName: string }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clubName } = opts;

  app.get(
    '/api/admin/customization',
    { preValidation: adminOnly, schema: { response: { 200: customization, ...adminErrors } } },
    () => getCustomization(db, clubName),
  );
  app.post(
    '/api/admin/customization',
    {
      preValidation: adminOnly,
      config: liveAfter.content('customization'),
      schema: { body: adminCustomizationBody, response: { 200: customization, ...adminErrors } },
    },
    (request) => saveCustomization(db, clubName, request.body),
  );

  app.get(
    '/api/admin/social-media',
    { preValidation: adminOnly, schema: { response: { 200: socialMedia, ...adminErrors } } },
    () => getSocialMedia(db),
  );
  app.post(
    '/api/admin/social-media',
    {
      preValidation: adminOnly,
      config: liveAfter.content('social-media'),
      schema: { body: socialMediaBody, response: { 200: socialMedia, ...adminErrors } },
    },
    (request) => saveSocialMedia(db, request.body),
  );

  // The newsletter key is masked in both answers: it never leaves the server.
  app.get(
    '/api/admin/tracking',
    { preValidation: adminOnly, schema: { response: { 200: trackingSettings, ...adminErrors } } },
    () => getTrackingSettings(db),
  );
  app.post(
    '/api/admin/tracking',
    {
      preValidation: adminOnly,
      schema: { body: trackingBody, response: { 200: trackingSettings, ...adminErrors } },
    },
    (request) => saveTrackingSettings(db, request.body),
  );

  // Public: the page's tag loader reads it at start. Built from the ids alone, never from other settings.
  app.get(
    '/api/scripts/tracking',
    { schema: { response: { 200: trackingScripts } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return buildTrackingScripts(await getTrackingIds(db));
    },
  );
}
