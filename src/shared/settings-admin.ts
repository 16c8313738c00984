/** The admin's branding and social links: checked input, and the calls that read and save them. */
import { endpoint } from './endpoint';
import { defineErrors, errorKey } from './errors';
import { customization, customizationBody, socialMedia, socialMediaBody } from './settings';

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
