/**
 * The football-data feed, as the admin sets and watches it: the provider's team id, the day's request
 * budget, the voting window after full time, and what the feed did last.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { defineErrors, errorKey } from './errors';

export const FEED_ERRORS = defineErrors('feed', {
  settings:
    "Check the feed's settings: a team id from the provider, a daily budget of 10 to 1,000,000 requests and a voting window of 0 to 1,440 minutes",
  notConfigured: 'The football-data provider is not configured: set FOOTBALL_API_URL and FOOTBALL_API_KEY',
  noTeam: "Set the provider's team id first",
});

const settingsKey = errorKey(FEED_ERRORS.settings);
const whole = (min: number, max: number) =>
  z.number({ error: settingsKey }).int(settingsKey).min(min, settingsKey).max(max, settingsKey);

/** The voting window after full time when the admin has not set one. */
export const DEFAULT_VOTING_WINDOW_MINUTES = 30;
/** A free provider plan's day. */
export const DEFAULT_DAILY_BUDGET = 100;

export const feedSettings = z.object({
  /** The club's id at the provider (null: the feed does nothing). */
  teamId: whole(1, 2_000_000_000).nullable(),
  dailyBudget: whole(10, 1_000_000),
  votingWindowMinutes: whole(0, 1_440),
});
export type FeedSettings = z.infer<typeof feedSettings>;

/** What the admin sees of the feed: whether it runs, and its last and next moves. */
export const feedStatus = z.object({
  /** FOOTBALL_API_URL and FOOTBALL_API_KEY are set. */
  configured: z.boolean(),
  /** Configured and a team id set: the feed polls. */
  running: z.boolean(),
  settings: feedSettings,
  lastSyncAt: z.iso.datetime().nullable(),
  nextPollAt: z.iso.datetime().nullable(),
  fixturesSyncedAt: z.iso.datetime().nullable(),
  squadSyncedAt: z.iso.datetime().nullable(),
  requestsToday: z.number().int(),
  /** The provider's own count of the day's requests left, as last answered. */
  providerRemaining: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.iso.datetime().nullable(),
});
export type FeedStatus = z.infer<typeof feedStatus>;

export const feedAdminApi = {
  status: endpoint({ method: 'GET', path: '/api/admin/feed', response: feedStatus }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/admin/feed/settings',
    body: feedSettings,
    response: feedStatus,
  }),
  /** Reads the fixtures and the squad now, whatever the schedule (within the day's budget). */
  sync: endpoint({ method: 'POST', path: '/api/admin/feed/sync', response: feedStatus }),
};
