import { z } from 'zod';
import { endpoint } from './endpoint';
import { optionalText } from './optional-text';

/** A cleared announcement reads {"announcement": null}. */
export const announcement = z.object({ announcement: z.string().nullable() });
export const announcementBody = z.object({
  announcement: z.string().max(2000, 'Announcement must be at most 2000 characters').nullable().optional(),
});

export const banner = z.object({
  enabled: z.boolean(),
  type: z.enum(['manual', 'embed']),
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  discount: z.string().nullable(),
  description: z.string().nullable(),
  backgroundImage: z.string().nullable(),
  embedCode: z.string().nullable(),
});
export type Banner = z.infer<typeof banner>;
export const banners = z.object({ banner1: banner, banner2: banner });
export type Banners = z.infer<typeof banners>;

/** An image address the page may show: one of our uploads, or an http(s) URL. */
export const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => v === '' || v.startsWith('/objects/') || /^https?:\/\/[^\s]+$/i.test(v),
    'Image must be an uploaded file or an http(s) address',
  )
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

export const bannerInput = z.object({
  enabled: z.boolean(),
  type: z.enum(['manual', 'embed'], { error: "Banner type must be 'manual' or 'embed'" }),
  title: optionalText(200),
  subtitle: optionalText(200),
  discount: optionalText(100),
  description: optionalText(1000),
  backgroundImage: imageUrl,
  embedCode: optionalText(20_000),
});
export const bannersBody = z.object({ banner1: bannerInput.optional(), banner2: bannerInput.optional() });
export type BannersBody = z.input<typeof bannersBody>;

/** The banners and the announcement: read by everyone, written by admins. */
export const contentApi = {
  announcement: endpoint({ method: 'GET', path: '/api/announcement', response: announcement }),
  banners: endpoint({ method: 'GET', path: '/api/banners', response: banners }),
};
