import { createHash } from 'node:crypto';
import type { ClubColours } from '@shared/club-colours';
import { PUBLIC_API_ENDPOINTS } from '@shared/public-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { getClubColours } from '../settings/settings.service';
import { buildOpenApiDocument } from './openapi-document';
import { referencePage } from './reference-page';

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/docs';
/** The document changes only with a deploy: an hour of keeping spares nobody a stale copy for long. */
const DOCUMENT_CACHE = 'public, max-age=3600';
/** The reference page follows the club's colours: kept minutes, not hours. */
const PAGE_CACHE = 'public, max-age=300';
const PAGE_MEMO_MS = 60_000;

/** The public API described: its OpenAPI 3.1 document and a page people read, both public. */
export async function openApiRoutes(
  app: FastifyInstance,
  opts: { db: Database; clubName: string; publicUrl: string; keylessPerMinute: number },
) {
  const doc = buildOpenApiDocument({
    clubName: opts.clubName,
    publicUrl: opts.publicUrl,
    keylessPerMinute: opts.keylessPerMinute,
    operations: PUBLIC_API_ENDPOINTS,
  });
  const body = JSON.stringify(doc);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const notModified = (request: FastifyRequest, reply: FastifyReply) =>
    request.headers['if-none-match'] === etag ? reply.status(304).send() : null;

  app.get(OPENAPI_PATH, async (request, reply) => {
    reply.header('cache-control', DOCUMENT_CACHE).header('etag', etag);
    return notModified(request, reply) ?? reply.type('application/json; charset=utf-8').send(body);
  });

  // The colours are read at most once a minute; the page is drawn again only when they change.
  let colours: { at: number; value: ClubColours } | null = null;
  let drawn: { colours: ClubColours; page: ReturnType<typeof referencePage> } | null = null;
  const currentPage = async () => {
    if (!colours || Date.now() - colours.at > PAGE_MEMO_MS)
      colours = { at: Date.now(), value: await getClubColours(opts.db) };
    const value = colours.value;
    if (drawn?.colours !== value) drawn = { colours: value, page: referencePage(doc, value) };
    return drawn.page;
  };
  const policies = new WeakMap<FastifyRequest, string>();

  app.get(
    REFERENCE_PATH,
    {
      // A route's onSend runs after the security headers' hook, which gives every /api answer a policy
      // that loads nothing: this page may also use its own style element, allowed by its digest.
      onSend: (request, reply, payload, done) => {
        const policy = policies.get(request);
        if (policy && reply.statusCode === 200) reply.header('content-security-policy', policy);
        done(null, payload);
      },
    },
    async (request, reply) => {
      const page = await currentPage();
      policies.set(request, page.contentSecurityPolicy);
      return reply.header('cache-control', PAGE_CACHE).type('text/html; charset=utf-8').send(page.html);
    },
  );
}
