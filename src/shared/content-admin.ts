import { z } from 'zod';
import { announcement, banners } from './content';
import { endpoint } from './endpoint';
import { optionalText } from './optional-text';

export const announcementBody = z.object({
  announcement: z.string().max(2000, 'Announcement must be at most 2000 characters').nullable().optional(),
});

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

/** The admin's writes of the announcement and the banners (fans read them through contentApi). */
export const contentAdminApi = {
  /** Empty text clears the announcement. */
  setAnnouncement: endpoint({
    method: 'POST',
    path: '/api/admin/announcement',
    body: announcementBody,
    response: announcement,
  }),
  adminBanners: endpoint({ method: 'GET', path: '/api/admin/banners', response: banners }),
  saveBanners: endpoint({ method: 'POST', path: '/api/admin/banners', body: bannersBody, response: banners }),
};
