import { z } from 'zod';
import { endpoint } from './endpoint';

/** A cleared announcement reads {"announcement": null}. */
export const announcement = z.object({ announcement: z.string().nullable() });

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

/** The banners and the announcement, read by everyone (their writes: content-admin.ts). */
export const contentApi = {
  announcement: endpoint({ method: 'GET', path: '/api/announcement', response: announcement }),
  banners: endpoint({ method: 'GET', path: '/api/banners', response: banners }),
};
