import fastifyMultipart from '@fastify/multipart';
import { REQUEST_ERRORS } from '@shared/error-messages';
import { errorBody } from '@shared/errors';
import { playerIdParams } from '@shared/players';
import { MAX_UPLOAD_BYTES, UPLOAD_ERRORS, uploadResponse } from '@shared/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { badRequest, HttpError, notFound, payloadTooLarge } from '../../lib/http-error';
import { adminOnly } from '../../plugins/auth';
import { requirePlayer, setPlayerImage } from '../players/players-admin.service';
import { findObject, GENERAL_IMAGE, PLAYER_IMAGE, storeImage } from './uploads.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody };

/** POST /api/objects/upload, GET /objects/:file, POST /api/players/:id/upload-image. */
export async function uploadsRoutes(base: FastifyInstance, opts: { db: Database }) {
  // Multipart is parsed here only: the rest of the API speaks JSON.
  await base.register(fastifyMultipart, {
    // One byte over the limit: a file that reaches it is then known to be too large, even when busboy's
    // truncation falls exactly on a chunk boundary (where toBuffer() would not notice it).
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, parts: 20 },
    throwFileSizeLimit: true,
  });
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.post(
    '/api/objects/upload',
    {
      preValidation: adminOnly,
      // Stored under its content's hash: a new name, which nothing kept yet.
      config: { changes: [] },
      schema: { response: { 200: uploadResponse, ...errors } },
    },
    async (request) => {
      const bytes = await readUpload(request, 'file');
      const stored = await storeImage(db, bytes, GENERAL_IMAGE);
      return { objectPath: stored.objectPath };
    },
  );

  app.post(
    '/api/players/:id/upload-image',
    {
      preValidation: adminOnly,
      config: { changes: [{ kind: 'players', what: 'squad' }] },
      schema: { params: playerIdParams, response: { 200: uploadResponse, ...errors } },
    },
    async (request) => {
      await requirePlayer(db, request.params.id);
      const bytes = await readUpload(request, 'image');
      const stored = await storeImage(db, bytes, PLAYER_IMAGE);
      await setPlayerImage(db, request.params.id, stored.objectPath);
      return { objectPath: stored.objectPath };
    },
  );

  // Public: the page shows logos, banners and player photos to everyone. The name is the content's
  // hash, so the answer never changes and may be cached for good.
  app.get(
    '/objects/:file',
    { schema: { params: z.object({ file: z.string().max(80) }) } },
    async (request, reply) => {
      const object = await findObject(db, request.params.file);
      if (!object) throw notFound(REQUEST_ERRORS.fileNotFound);
      const etag = `"${object.id}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(object.contentType).send(object.bytes);
    },
  );
}

/** The bytes of the one file in multipart field `field`, with the product's answers for every way it can fail. */
async function readUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(UPLOAD_ERRORS.missingFile);
  try {
    const part = await request.file();
    if (!part) throw badRequest(UPLOAD_ERRORS.missingFile);
    if (part.fieldname !== field) {
      part.file.resume(); // drained, so the connection is not left holding an unread body
      throw badRequest(UPLOAD_ERRORS.missingFile);
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated || bytes.length > MAX_UPLOAD_BYTES) throw payloadTooLarge(UPLOAD_ERRORS.tooLarge);
    if (bytes.length === 0) throw badRequest(UPLOAD_ERRORS.missingFile);
    return bytes;
  } catch (error) {
    throw uploadError(error);
  }
}

function uploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(UPLOAD_ERRORS.tooLarge);
  if (typeof statusCode === 'number' && statusCode < 500) return error;
  // busboy's own complaints (no boundary, a part cut short) are the client's malformed body.
  return badRequest(UPLOAD_ERRORS.unreadable);
}
