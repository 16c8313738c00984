import { z } from 'zod';

/** A cleared announcement reads {"announcement": null} (operations.md). */
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
