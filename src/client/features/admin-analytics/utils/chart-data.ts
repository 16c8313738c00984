import { i18n } from '@client/lib/i18n/i18n';
import { formatDecimal } from './match-history';

/** Shaping and text alternatives for the analytics charts (pure, so they are tested). */

/** Minutes of normal time; later ones read as stoppage time. */
export const NORMAL_TIME_MINUTES = 90;

/** A match minute as football writes it: 37', 90', 90+3'; minute 0 holds ratings before kick-off. */
export function minuteLabel(minute: number): string {
  if (minute <= 0) return i18n._('admin-match.analytics.preMatch');
  if (minute <= NORMAL_TIME_MINUTES) return `${minute}'`;
  return `${NORMAL_TIME_MINUTES}+${minute - NORMAL_TIME_MINUTES}'`;
}

export interface TimelinePoint {
  label: string;
  ratings: number;
}

export function timelinePoints(timeline: readonly { minute: number; ratings: number }[]): TimelinePoint[] {
  return timeline.map((p) => ({ label: minuteLabel(p.minute), ratings: p.ratings }));
}

/** One sentence for screen readers and as the chart's caption. */
export function timelineSummary(points: readonly TimelinePoint[]): string {
  const total = points.reduce((sum, p) => sum + p.ratings, 0);
  if (points.length === 0 || total === 0) return i18n._('admin-match.analytics.timeline.none');
  const busiest = points.reduce((best, p) => (p.ratings > best.ratings ? p : best));
  const first = points[0]?.label;
  const last = points.at(-1)?.label;
  if (first === last)
    return i18n._('admin-match.analytics.timeline.oneMinute', { count: total, minute: first });
  return i18n._('admin-match.analytics.timeline.summary', {
    count: total,
    first,
    last,
    busiest: busiest.label,
    busiestCount: busiest.ratings,
  });
}

/** Few minutes read best as bars; a whole match (dozens of minutes) as an area. */
export const TIMELINE_BARS_UP_TO = 30;

export interface DistributionBar {
  value: string;
  count: number;
}

/** Ten bars, values 1 to 10. */
export function distributionBars(counts: readonly number[]): DistributionBar[] {
  return Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), count: counts[i] ?? 0 }));
}

export function distributionSummary(
  name: string,
  averageRating: number,
  ratingCount: number,
  counts: readonly number[],
): string {
  if (ratingCount === 0) return i18n._('admin-match.analytics.distribution.none', { name });
  let mode = 0;
  for (let i = 1; i < counts.length; i++) if ((counts[i] ?? 0) > (counts[mode] ?? 0)) mode = i;
  const fans = counts[mode] ?? 0;
  return i18n._('admin-match.analytics.distribution.summary', {
    name,
    average: formatDecimal(averageRating),
    count: ratingCount,
    mode: mode + 1,
    fans,
  });
}
