import { z } from 'zod';
import { endpoint } from './endpoint';

/** Public branding. companyName falls back to the club name on the server, so it is never empty. */
export const customization = z.object({
  companyName: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  headerImageUrl: z.string().nullable(),
});
export type Customization = z.infer<typeof customization>;

export const socialMedia = z.object({
  youtube: z.string().nullable(),
  youtubeVideo: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  tiktok: z.string().nullable(),
});
export type SocialMedia = z.infer<typeof socialMedia>;

/** The club's branding and social links, read by everyone, signed in or not (their writes: settings-admin.ts). */
export const brandingApi = {
  customization: endpoint({ method: 'GET', path: '/api/customization', response: customization }),
  socialMedia: endpoint({ method: 'GET', path: '/api/social-media', response: socialMedia }),
};
