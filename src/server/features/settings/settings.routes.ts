import { customization, socialMedia } from '@shared/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { getCustomization, getSocialMedia } from './settings.service';

/** Public reads of the branding and links the page shell shows to everyone. */
export async function settingsRoutes(base: FastifyInstance, opts: { db: Database; clubName: string }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/customization', { schema: { response: { 200: customization } } }, () =>
    getCustomization(opts.db, opts.clubName),
  );
  app.get('/api/social-media', { schema: { response: { 200: socialMedia } } }, () => getSocialMedia(opts.db));
}
