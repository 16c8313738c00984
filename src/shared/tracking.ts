import { z } from 'zod';
import { endpoint } from './endpoint';
import { defineErrors } from './errors';

/** Formats a tracking id must match; anything else is refused, so no id can smuggle script into the page. */
export const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
export const GA4_ID = /^G-[A-Z0-9]{4,16}$/;

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

export const trackingBody = z.object({
  gtmContainerId: z
    .string()
    .nullable()
    .optional()
    .transform(blankToNull)
    .refine((v) => v === null || GTM_ID.test(v), 'GTM container id must look like GTM-XXXXXXX'),
  ga4MeasurementId: z
    .string()
    .nullable()
    .optional()
    .transform(blankToNull)
    .refine((v) => v === null || GA4_ID.test(v), 'GA4 measurement id must look like G-XXXXXXXXXX'),
  /** Omitted or the masked value: keep the stored key. Empty string: clear it. */
  beehiivApiKey: z.string().max(500).nullable().optional(),
  beehiivPublicationId: z
    .string()
    .nullable()
    .optional()
    .transform(blankToNull)
    .refine(
      (v) => v === null || /^pub_[A-Za-z0-9-]{4,64}$/.test(v),
      'Publication id must look like pub_xxxxxxxx',
    ),
});
export type TrackingBody = z.input<typeof trackingBody>;

/** The admin's view: the newsletter key never leaves the server, only whether one is set and its last characters. */
export const trackingSettings = z.object({
  gtmContainerId: z.string().nullable(),
  ga4MeasurementId: z.string().nullable(),
  beehiivApiKey: z.string().nullable(),
  beehiivApiKeySet: z.boolean(),
  beehiivPublicationId: z.string().nullable(),
});
export type TrackingSettings = z.infer<typeof trackingSettings>;

/** GET /api/scripts/tracking: HTML for the head and the body, built by the server from validated ids. */
export const trackingScripts = z.object({
  header: z.string(),
  body: z.string(),
  gtmContainerId: z.string().nullable(),
  ga4MeasurementId: z.string().nullable(),
});
export type TrackingScripts = z.infer<typeof trackingScripts>;

/** The admin's tracking GET shows a stored newsletter key as these bullets and at most its last 4 characters. */
export const MASKED_KEY_PREFIX = '••••••••';

export const TRACKING_ERRORS = defineErrors('tracking', {
  apiKeyFormat: 'API key must not contain spaces or control characters',
});

export const trackingApi = {
  /** Public: the tag loader's scripts, built from the ids alone. */
  scripts: endpoint({ method: 'GET', path: '/api/scripts/tracking', response: trackingScripts }),
};
