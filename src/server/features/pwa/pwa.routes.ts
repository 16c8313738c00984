import { createHash } from 'node:crypto';
import { REQUEST_ERRORS } from '@shared/error-messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { BrandIcons, buildManifest, isIconFile, readBranding } from './pwa.service';

/** An icon address that names the branding it was drawn for never changes; a bare one may, within the hour. */
const VERSIONED_ICON_CACHE = 'public, max-age=31536000, immutable';
const ICON_CACHE = 'public, max-age=3600';

/**
 * The installable app: GET /manifest.webmanifest and GET /icons/:file, public, drawn from the
 * branding (company name and logo) so they follow the admin's changes.
 */
export async function pwaRoutes(base: FastifyInstance, opts: { db: Database; clubName: string }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clubName } = opts;
  const icons = new BrandIcons(db, app.log);

  app.get('/manifest.webmanifest', async (request, reply) => {
    const body = JSON.stringify(buildManifest(await readBranding(db, clubName)));
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
    // Revalidated on every use, so a new name or logo reaches installed apps at their next check.
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/manifest+json; charset=utf-8').send(body);
  });

  app.get(
    '/icons/:file',
    {
      schema: {
        params: z.object({ file: z.string().max(64) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!isIconFile(file)) throw notFound(REQUEST_ERRORS.iconNotFound);
      const branding = await readBranding(db, clubName);
      const etag = `"${branding.version}"`;
      reply
        .header('cache-control', request.query.v === branding.version ? VERSIONED_ICON_CACHE : ICON_CACHE)
        .header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/png').send(await icons.icon(branding, file));
    },
  );
}
