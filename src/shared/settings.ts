import { z } from 'zod';
import { endpoint } from './endpoint';
import { optionalText } from './optional-text';

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

/** A link the footer may show: http(s) only. */
const link = z
  .string()
  .trim()
  .max(500)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), 'Links must start with http:// or https://');

export const customizationBody = z.object({
  companyName: optionalText(80),
  description: optionalText(500),
  logoUrl: optionalText(2000),
  headerImageUrl: optionalText(2000),
});
export type CustomizationBody = z.input<typeof customizationBody>;

export const socialMediaBody = z.object({
  youtube: link,
  youtubeVideo: link,
  instagram: link,
  facebook: link,
  tiktok: link,
});
export type SocialMediaBody = z.input<typeof socialMediaBody>;

/** The club's branding and social links, read by everyone (signed in or not). */
export const brandingApi = {
  customization: endpoint({ method: 'GET', path: '/api/customization', response: customization }),
  socialMedia: endpoint({ method: 'GET', path: '/api/social-media', response: socialMedia }),
};
