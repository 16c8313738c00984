/** The admin's branding and social links: checked input, and the calls that read and save them. */
import { z } from 'zod';
import { HEX_COLOUR } from './club-colours';
import { coloursProblem } from './club-palette';
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
  colourFormat: 'A colour must be a # and six hex digits, such as #0b3d91',
  coloursTooAlike:
    'The primary and secondary colours are too alike to be drawn on each other: choose a pair with a contrast of at least 3:1',
});

/** A club colour: `#rrggbb` (stored in lower case); null returns to the default, omitted keeps it. */
const clubColour = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HEX_COLOUR, errorKey(CUSTOMIZATION_ERRORS.colourFormat))
  .nullable()
  .optional();

/** One of our uploads ('/objects/...') or an http(s) URL: nothing the page could run. */
const isImageAddress = (v: string) =>
  /^\/objects\/[^\s"'<>\\]+$/.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v);

/**
 * customizationBody with the image addresses checked, so a logo can never be a javascript: URL, and the
 * club's colours, a pair given together refused when too alike (the server checks one given alone
 * against the stored other).
 */
export const adminCustomizationBody = customizationBody
  .extend({ primaryColour: clubColour, secondaryColour: clubColour })
  .superRefine((value, ctx) => {
    for (const key of ['logoUrl', 'headerImageUrl'] as const) {
      const v = value[key];
      if (v !== null && !isImageAddress(v))
        ctx.addIssue({ code: 'custom', path: [key], message: errorKey(CUSTOMIZATION_ERRORS[key]) });
    }
    const { primaryColour: primary, secondaryColour: secondary } = value;
    const problem = primary && secondary ? coloursProblem({ primary, secondary }) : null;
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: ['secondaryColour'],
        message: errorKey(CUSTOMIZATION_ERRORS[problem]),
      });
  });
export type AdminCustomizationBody = z.input<typeof adminCustomizationBody>;

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
