import { z } from 'zod';
import { endpoint } from './endpoint';
import { defineErrors, errorKey } from './errors';
import { dbIdParam } from './ids';

/** The header a media partner sends its key in. */
export const API_KEY_HEADER = 'x-api-key';
/** Every key starts so: recognisable in a partner's config, and to secret scanners. */
export const API_KEY_PREFIX = 'mdk_';
/** `mdk_` and 32 random bytes in base64url. */
export const API_KEY_PATTERN = /^mdk_[A-Za-z0-9_-]{43}$/;
/** What the admin's list shows of a key: enough to tell two apart, far too little to use. */
export const API_KEY_SHOWN_CHARS = API_KEY_PREFIX.length + 6;

export const API_KEY_RATE = { min: 1, max: 100_000, default: 600 } as const;
/** Requests a minute to the public reads without a key, per address (per signed-in fan): PUBLIC_API_RATE's default. */
export const KEYLESS_RATE_PER_MINUTE = 120;
/** The usage columns of the admin's list: today, and today with the six days before. */
export const API_KEY_USAGE_DAYS = 7;

export const API_KEY_ERRORS = defineErrors('apiKey', {
  invalid: 'Unknown or revoked API key',
  notFound: 'API key not found',
  nameRequired: 'Name the key (1 to 60 characters)',
  invalidRate: 'The rate is a whole number of requests a minute, from 1 to 100,000',
});

/** A key as the admin's list shows it: never the key itself, which only its creation answers. */
export const apiKeySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters (`mdk_Ab12Cd`). */
  prefix: z.string(),
  ratePerMinute: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Requests counted today (UTC), and over today and the six days before. */
  requestsToday: z.number().int(),
  requestsLast7Days: z.number().int(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

/** The keys, newest first, and the limit of a call without one, as this server applies it. */
export const apiKeyList = z.object({ keys: z.array(apiKeySummary), keylessPerMinute: z.number().int() });
export type ApiKeyList = z.infer<typeof apiKeyList>;

export const createApiKeyBody = z.object({
  name: z
    .string({ error: errorKey(API_KEY_ERRORS.nameRequired) })
    .trim()
    .min(1, errorKey(API_KEY_ERRORS.nameRequired))
    .max(60, errorKey(API_KEY_ERRORS.nameRequired)),
  ratePerMinute: z
    .number({ error: errorKey(API_KEY_ERRORS.invalidRate) })
    .int(errorKey(API_KEY_ERRORS.invalidRate))
    .min(API_KEY_RATE.min, errorKey(API_KEY_ERRORS.invalidRate))
    .max(API_KEY_RATE.max, errorKey(API_KEY_ERRORS.invalidRate))
    .optional(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** The new key, in full this once: only its SHA-256 is kept. */
export const createdApiKey = z.object({ key: apiKeySummary, apiKey: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

const apiKeyParams = z.object({ id: dbIdParam('Invalid API key') });

/** The media partners' keys (admins only). */
export const apiKeysApi = {
  /** Every key, newest first, revoked ones kept for their history. */
  list: endpoint({ method: 'GET', path: '/api/admin/api-keys', response: apiKeyList }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/api-keys',
    body: createApiKeyBody,
    response: createdApiKey,
    status: 201,
  }),
  /** Refused from the next request on, on every instance; revoking twice keeps the first time. */
  revoke: endpoint({
    method: 'POST',
    path: '/api/admin/api-keys/:id/revoke',
    params: apiKeyParams,
    response: apiKeySummary,
  }),
};
