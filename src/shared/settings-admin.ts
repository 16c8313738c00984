/** The admin's branding and social links: checked input, and the calls that read and save them. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { defineErrors, errorKey } from './errors';
import { optionalText } from './optional-text';
import { customization, socialMedia } from './settings';

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

export const CUSTOMIZATION_ERRORS = defineErrors('customization', {
  logoUrl: 'Logo must be an uploaded file or an http(s) address',
  headerImageUrl: 'Header image must be an uploaded file or an http(s) address',
});

/** One of our uploads ('/objects/...') or an http(s) URL: nothing the page could run. */
const isImageAddress = (v: string) =>
  /^\/objects\/[^\s"'<>\\]+$/.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v);

/** customizationBody with the image addresses checked, so a logo can never be a javascript: URL. */
export const adminCustomizationBody = customizationBody.superRefine((value, ctx) => {
  for (const key of ['logoUrl', 'headerImageUrl'] as const) {
    const v = value[key];
    if (v !== null && !isImageAddress(v))
      ctx.addIssue({ code: 'custom', path: [key], message: errorKey(CUSTOMIZATION_ERRORS[key]) });
  }
});

/** The admin's branding, links and tracking settings. The newsletter key never leaves the server unmasked. */
export const brandingAdminApi = {
  customization: endpoint({ method: 'GET', path: '/api/admin/customization', response: customization }),
  saveCustomization: endpoint({
    method: 'POST',
    path: '/api/admin/customization',
    body: adminCustomizationBody,
    response: customization,
  }),
  socialMedia: endpoint({ method: 'GET', path: '/api/admin/social-media', response: socialMedia }),
  saveSocialMedia: endpoint({
    method: 'POST',
    path: '/api/admin/social-media',
    body: socialMediaBody,
    response: socialMedia,
  }),
};
