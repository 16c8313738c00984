import { z } from 'zod';
import type { ClubColours } from './club-colours';
import { endpoint } from './endpoint';

/**
 * Public branding. companyName falls back to the club name on the server, so it is never empty; the
 * colours to the default pair. They are `#rrggbb`, as the admin's body and the database's checks make
 * them: no pattern here, which would bring the colours' module into the fan's first load.
 */
export const customization = z.object({
  companyName: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  headerImageUrl: z.string().nullable(),
  primaryColour: z.string(),
  secondaryColour: z.string(),
});
export type Customization = z.infer<typeof customization>;

/** The branding's two colours as the palette takes them. */
export const coloursOf = (
  branding: Pick<Customization, 'primaryColour' | 'secondaryColour'>,
): ClubColours => ({
  primary: branding.primaryColour,
  secondary: branding.secondaryColour,
});

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
