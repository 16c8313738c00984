import { type ClubColours, DEFAULT_CLUB_COLOURS } from '@shared/club-colours';
import type { Banner, Banners } from '@shared/content';
import type { bannerInput } from '@shared/content-admin';
import { DEFAULT_SEASON_START_MONTH } from '@shared/domain';
import type { Customization, SocialMedia } from '@shared/settings';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { announcement, banners, customization, socialMedia } from '../../db/schema';
import { upsertSingleton } from '../../db/singleton';

export async function getCustomization(db: Database, clubName: string): Promise<Customization> {
  const [row] = await db.select().from(customization).limit(1);
  const colours = clubColoursOf(row);
  return {
    companyName: row?.companyName?.trim() || clubName,
    description: row?.description ?? null,
    logoUrl: row?.logoUrl ?? null,
    headerImageUrl: row?.headerImageUrl ?? null,
    primaryColour: colours.primary,
    secondaryColour: colours.secondary,
  };
}

/** The stored colours, each one not set being the default's. */
export function clubColoursOf(
  row: { primaryColour: string | null; secondaryColour: string | null } | undefined,
): ClubColours {
  return {
    primary: row?.primaryColour ?? DEFAULT_CLUB_COLOURS.primary,
    secondary: row?.secondaryColour ?? DEFAULT_CLUB_COLOURS.secondary,
  };
}

/** The club's colours: what the portraits, cards, icons, mails and the page are drawn in. */
export async function getClubColours(db: Database): Promise<ClubColours> {
  const [row] = await db
    .select({ primaryColour: customization.primaryColour, secondaryColour: customization.secondaryColour })
    .from(customization)
    .limit(1);
  return clubColoursOf(row);
}

/** The month (1-12) the club's seasons start in: August until an admin says otherwise. */
export async function getSeasonStartMonth(db: Database): Promise<number> {
  const [row] = await db.select({ month: customization.seasonStartMonth }).from(customization).limit(1);
  return row?.month ?? DEFAULT_SEASON_START_MONTH;
}

/** Stores the month the club's seasons start in (the caller regroups the seasons in the same transaction). */
export async function setSeasonStartMonth(db: Database, month: number): Promise<void> {
  await upsertSingleton(db, customization, { seasonStartMonth: month });
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

export async function getAnnouncement(db: Database): Promise<string | null> {
  const [row] = await db.select().from(announcement).limit(1);
  return row?.text?.trim() ? row.text : null;
}

/** Empty text clears the announcement. */
export async function setAnnouncement(db: Database, text: string | null | undefined): Promise<string | null> {
  const value = text?.trim() ? text.trim() : null;
  await upsertSingleton(db, announcement, { text: value });
  return value;
}

const EMPTY_BANNER: Banner = {
  enabled: false,
  type: 'manual',
  title: null,
  subtitle: null,
  discount: null,
  description: null,
  backgroundImage: null,
  embedCode: null,
};

export async function getBanners(db: Database): Promise<Banners> {
  const list = await db.select().from(banners);
  const pick = (slot: 'banner1' | 'banner2'): Banner => {
    const row = list.find((b) => b.slot === slot);
    if (!row) return EMPTY_BANNER;
    return {
      enabled: row.enabled,
      type: row.type === 'embed' ? 'embed' : 'manual',
      title: row.title,
      subtitle: row.subtitle,
      discount: row.discount,
      description: row.description,
      backgroundImage: row.backgroundImage,
      embedCode: row.embedCode,
    };
  };
  return { banner1: pick('banner1'), banner2: pick('banner2') };
}

/** Saves the banners given; a slot left out keeps what it had. */
export async function saveBanners(
  db: Database,
  input: { banner1?: z.output<typeof bannerInput>; banner2?: z.output<typeof bannerInput> },
): Promise<Banners> {
  await db.transaction(async (tx) => {
    for (const slot of ['banner1', 'banner2'] as const) {
      const value = input[slot];
      if (!value) continue;
      await tx
        .insert(banners)
        .values({ slot, ...value })
        .onConflictDoUpdate({ target: banners.slot, set: { ...value, updatedAt: sql`now()` } });
    }
  });
  return getBanners(db);
}
