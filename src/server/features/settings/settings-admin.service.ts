import { coloursProblem } from '@shared/club-palette';
import type { Customization, SocialMedia } from '@shared/settings';
import {
  type adminCustomizationBody,
  CUSTOMIZATION_ERRORS,
  type socialMediaBody,
} from '@shared/settings-admin';
import {
  MASKED_KEY_PREFIX,
  TRACKING_ERRORS,
  type TrackingSettings,
  type trackingBody,
} from '@shared/tracking';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { customization, socialMedia, trackingSettings } from '../../db/schema';
import { upsertSingleton } from '../../db/singleton';
import { badRequest } from '../../lib/http-error';
import { clubColoursOf, getCustomization, getSocialMedia } from './settings.service';

/**
 * Replaces the branding with the form's values; a blank company name reads as the club name. A colour
 * left out keeps the stored one, null returns it to the default; the pair that results is refused when
 * its two colours are too alike to be drawn on each other.
 */
export async function saveCustomization(
  db: Database,
  clubName: string,
  input: z.output<typeof adminCustomizationBody>,
): Promise<Customization> {
  const { companyName, description, logoUrl, headerImageUrl, primaryColour, secondaryColour } = input;
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ primaryColour: customization.primaryColour, secondaryColour: customization.secondaryColour })
      .from(customization)
      .limit(1)
      .for('update');
    const problem = coloursProblem(
      clubColoursOf({
        primaryColour: primaryColour === undefined ? (stored?.primaryColour ?? null) : primaryColour,
        secondaryColour: secondaryColour === undefined ? (stored?.secondaryColour ?? null) : secondaryColour,
      }),
    );
    if (problem) throw badRequest(CUSTOMIZATION_ERRORS[problem]);
    await upsertSingleton(tx, customization, {
      companyName,
      description,
      logoUrl,
      headerImageUrl,
      primaryColour,
      secondaryColour,
    });
  });
  return getCustomization(db, clubName);
}

export async function saveSocialMedia(
  db: Database,
  input: z.output<typeof socialMediaBody>,
): Promise<SocialMedia> {
  const { youtube, youtubeVideo, instagram, facebook, tiktok } = input;
  await upsertSingleton(db, socialMedia, { youtube, youtubeVideo, instagram, facebook, tiktok });
  return getSocialMedia(db);
}

type TrackingRow = typeof trackingSettings.$inferSelect;

async function readTrackingRow(db: Database): Promise<TrackingRow | undefined> {
  const [row] = await db.select().from(trackingSettings).limit(1);
  return row;
}

/** Bullets and, for a key long enough that it gives nothing away, its last 4 characters. */
export function maskApiKey(key: string | null | undefined): string | null {
  if (!key) return null;
  return key.length >= 12 ? `${MASKED_KEY_PREFIX}${key.slice(-4)}` : MASKED_KEY_PREFIX;
}

function toTrackingSettings(row: TrackingRow | undefined): TrackingSettings {
  return {
    gtmContainerId: row?.gtmContainerId ?? null,
    ga4MeasurementId: row?.ga4MeasurementId ?? null,
    beehiivApiKey: maskApiKey(row?.beehiivApiKey),
    beehiivApiKeySet: Boolean(row?.beehiivApiKey),
    beehiivPublicationId: row?.beehiivPublicationId ?? null,
  };
}

/** The admin's view of the tracking settings: the newsletter key masked. */
export async function getTrackingSettings(db: Database): Promise<TrackingSettings> {
  return toTrackingSettings(await readTrackingRow(db));
}

/**
 * What a posted key means: omitted (or the masked value shown by GET) keeps the stored key, a blank
 * or null one clears it, anything else replaces it.
 */
function nextApiKey(posted: string | null | undefined, stored: string | null): string | null {
  if (posted === undefined || posted?.includes('•')) return stored;
  const key = posted?.trim() ?? '';
  if (!key) return null;
  if (!/^[\x21-\x7e]+$/.test(key)) throw badRequest(TRACKING_ERRORS.apiKeyFormat);
  return key;
}

export async function saveTrackingSettings(
  db: Database,
  input: z.output<typeof trackingBody>,
): Promise<TrackingSettings> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(trackingSettings).limit(1).for('update');
    const values = {
      gtmContainerId: input.gtmContainerId,
      ga4MeasurementId: input.ga4MeasurementId,
      beehiivApiKey: nextApiKey(input.beehiivApiKey, current?.beehiivApiKey ?? null),
      beehiivPublicationId: input.beehiivPublicationId,
    };
    const [saved] = await tx
      .insert(trackingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: trackingSettings.id, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    return saved;
  });
  return toTrackingSettings(row);
}

/** The newsletter provider's key and publication, for the server's own use only; null until both are set. */
export async function getNewsletterConfig(
  db: Database,
): Promise<{ apiKey: string; publicationId: string } | null> {
  const row = await readTrackingRow(db);
  if (!row?.beehiivApiKey || !row.beehiivPublicationId) return null;
  return { apiKey: row.beehiivApiKey, publicationId: row.beehiivPublicationId };
}

/** The stored tag ids as they are; buildTrackingScripts checks them again before use. */
export async function getTrackingIds(
  db: Database,
): Promise<{ gtmContainerId: string | null; ga4MeasurementId: string | null }> {
  const row = await readTrackingRow(db);
  return { gtmContainerId: row?.gtmContainerId ?? null, ga4MeasurementId: row?.ga4MeasurementId ?? null };
}
