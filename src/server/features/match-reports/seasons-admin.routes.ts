import { REQUEST_ERRORS } from '@shared/error-messages';
import { seasonsAdminApi } from '@shared/seasons-admin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { route } from '../../lib/route';
import { adminOnly, requireUser } from '../../plugins/auth';
import { mayChangeSeasonStart } from './season-settings.policy';
import { changeSeasonStart, readSeasonSettings } from './season-settings.service';

/** GET/PUT /api/admin/season-settings: the month the club's seasons start in. */
export async function seasonsAdminRoutes(app: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  // Refused before the body is read: a fan's malformed body is 403, not 400.
  const admin = { preValidation: adminOnly };
  route(app, seasonsAdminApi.settings, admin, () => readSeasonSettings(db));
  route(app, seasonsAdminApi.save, { ...admin, changes: [{ kind: 'reports' }] }, (request) => {
    if (!mayChangeSeasonStart(requireUser(request))) throw forbidden(REQUEST_ERRORS.adminOnly);
    return changeSeasonStart(db, request.body.startMonth);
  });
}
