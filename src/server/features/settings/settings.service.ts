import type { Customization, SocialMedia } from '@shared/settings';
import type { Database } from '../../db/client';
import { customization, socialMedia } from '../../db/schema';

export async function getCustomization(db: Database, clubName: string): Promise<Customization> {
  const [row] = await db.select().from(customization).limit(1);
  return {
    companyName: row?.companyName?.trim() || clubName,
    description: row?.description ?? null,
    logoUrl: row?.logoUrl ?? null,
    headerImageUrl: row?.headerImageUrl ?? null,
  };
}

export async function getSocialMedia(db: Database): Promise<SocialMedia> {
  const [row] = await db.select().from(socialMedia).limit(1);
  return {
    youtube: row?.youtube ?? null,
    youtubeVideo: row?.youtubeVideo ?? null,
    instagram: row?.instagram ?? null,
    facebook: row?.facebook ?? null,
    tiktok: row?.tiktok ?? null,
  };
}
