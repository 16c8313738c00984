import { z } from 'zod';
import { userIdParams } from './auth';
import { endpoint } from './endpoint';
import { defineErrors } from './errors';
import { localeSchema } from './i18n/locales';
import { pushTopics } from './push';

/**
 * A fan's own data (issue 9, "every fan owns their data"): GET /api/user/:id/export and
 * DELETE /api/user/:id. The privacy page promises both; this contract drives the route and the page.
 */

export const signInMethod = z.enum(['password', 'google']);

export const exportedProfile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  newsletterOptIn: z.boolean(),
  /** How the fan can sign in; never the password hash or the provider's subject. */
  signInMethods: z.array(signInMethod),
});

export const exportedConsent = z.object({
  given: z.boolean(),
  geolocation: z.boolean(),
  at: z.string().nullable(),
  policyVersion: z.string().nullable(),
});

export const exportedRating = z.object({
  matchId: z.number().int(),
  matchTitle: z.string(),
  matchDate: z.string().nullable(),
  playerId: z.number().int(),
  playerName: z.string(),
  rating: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const exportedVote = z.object({
  matchId: z.number().int(),
  matchTitle: z.string(),
  matchDate: z.string().nullable(),
  motmPlayerId: z.number().int().nullable(),
  motmPlayerName: z.string().nullable(),
  isFinal: z.boolean(),
  /** Cast at the club's ground (from a position shared with consent); null when not known. */
  atGround: z.boolean().nullable(),
  createdAt: z.string(),
});

export const exportedPushSubscription = z.object({
  /** The browser's push service (its origin): the full address is a key, kept out of the file. */
  pushService: z.string(),
  topics: pushTopics,
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const accountExport = z.object({
  exportedAt: z.string(),
  /** The privacy policy version in force when the file was made. */
  privacyPolicyVersion: z.string(),
  profile: exportedProfile,
  consent: exportedConsent,
  ratings: z.array(exportedRating),
  votes: z.array(exportedVote),
  /** The browsers this fan asked to be notified on. */
  pushSubscriptions: z.array(exportedPushSubscription),
});
export type AccountExport = z.infer<typeof accountExport>;

export const localeBody = z.object({ locale: localeSchema });

export const ACCOUNT_MESSAGES = { deleted: 'Account deleted' } as const;
export const accountDeleted = z.object({ message: z.literal(ACCOUNT_MESSAGES.deleted) });
export type AccountDeleted = z.infer<typeof accountDeleted>;

export const ACCOUNT_ERRORS = defineErrors('account', {
  exportForbidden: 'You can only download your own data',
  deleteForbidden: 'You can only delete your own account',
  lastAdmin:
    'You are the only admin. Make another user an admin before deleting your account, so someone can still run the site.',
});

/** `matchday-data-YYYY-MM-DD.json`, the UTC date of the export. */
export function accountExportFileName(at: Date): string {
  return `matchday-data-${at.toISOString().slice(0, 10)}.json`;
}

/** A fan's own data: a copy to download, and deleting the account. */
export const accountApi = {
  export: endpoint({
    method: 'GET',
    path: '/api/user/:id/export',
    params: userIdParams,
    response: accountExport,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/user/:id',
    params: userIdParams,
    response: accountDeleted,
  }),
  /** The signed-in fan's language, kept for their other devices and their mails. */
  locale: endpoint({
    method: 'PUT',
    path: '/api/account/locale',
    body: localeBody,
    response: localeBody,
  }),
};
