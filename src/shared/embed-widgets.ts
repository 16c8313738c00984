/**
 * The embeddable widgets as every side names them: the loader script (src/embed), the server's widget
 * pages and the admin's snippets. No zod here: the loader bundles this file and must stay small.
 */

/** Each widget: its custom element, its attribute naming what it shows (if any) and its page's path. */
export const WIDGETS = {
  live: { element: 'matchday-live', attribute: null, path: '/embed/live' },
  match: { element: 'matchday-match', attribute: 'match', path: '/embed/match' },
  season: { element: 'matchday-season', attribute: 'season', path: '/embed/season' },
  teamOfTheWeek: { element: 'matchday-team-of-the-week', attribute: null, path: '/embed/team-of-the-week' },
} as const;
export type WidgetKind = keyof typeof WIDGETS;

export const WIDGET_THEMES = ['light', 'dark', 'auto'] as const;
export type WidgetTheme = (typeof WIDGET_THEMES)[number];

/** The loader's address: one file for every widget. */
export const EMBED_SCRIPT_PATH = '/embed.js';
/** The script the widget pages run (their height for the loader, the live widget's updates). */
export const FRAME_SCRIPT_PATH = '/embed/frame.js';

/** A widget frame tells the loader its height and title; the loader checks who sent it. */
export const HEIGHT_MESSAGE = 'matchday:height';
export interface HeightMessage {
  type: typeof HEIGHT_MESSAGE;
  height: number;
  title: string;
}

/**
 * How often the live widget asks again, at the least: every open page asks the same cached answer
 * (`max-age` the same), so the crowd of readers costs one answer per edge per period.
 */
export const LIVE_POLL_MS = 15_000;

/**
 * The match clock the live widget shows, estimated from kick-off, as nothing records when the second
 * half began: the first 45 minutes as they run, then `45+` until a usual break would be over, then the
 * second half counted from there, `90+` past it. Null before kick-off; `HT` at half time.
 */
export function matchMinute(startedAt: string | null, isHalfTime: boolean, now: number): string | null {
  if (!startedAt) return null;
  if (isHalfTime) return 'HT';
  const elapsed = Math.floor((now - Date.parse(startedAt)) / 60_000);
  if (!Number.isFinite(elapsed) || elapsed < 0) return "1'";
  if (elapsed < 45) return `${elapsed + 1}'`;
  // First half's stoppage time and the break: 15 minutes, as the laws give it.
  if (elapsed < 62) return "45+'";
  const second = elapsed - 62 + 46;
  return second <= 90 ? `${second}'` : "90+'";
}
