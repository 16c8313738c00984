/** Shaping and text alternatives for the analytics charts (pure, so they are tested). */

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** A timeline minute as a short label: an ISO time becomes HH:MM, a number becomes 37'. */
export function minuteLabel(minute: string): string {
  const text = minute.trim();
  if (/^\d{1,3}$/.test(text)) return `${Number(text)}'`;
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return timeFormat.format(date);
  }
  return text;
}

export interface TimelinePoint {
  label: string;
  ratings: number;
}

export function timelinePoints(timeline: readonly { minute: string; ratings: number }[]): TimelinePoint[] {
  return timeline.map((p) => ({ label: minuteLabel(p.minute), ratings: p.ratings }));
}

/** One sentence for screen readers and as the chart's caption. */
export function timelineSummary(points: readonly TimelinePoint[]): string {
  const total = points.reduce((sum, p) => sum + p.ratings, 0);
  if (points.length === 0 || total === 0) return 'No ratings have been made in this match yet.';
  const busiest = points.reduce((best, p) => (p.ratings > best.ratings ? p : best));
  const first = points[0]?.label;
  const last = points.at(-1)?.label;
  const count = `${total} ${total === 1 ? 'rating' : 'ratings'}`;
  if (first === last) return `${count}, all in the minute ${first}.`;
  return `${count} between ${first} and ${last}; the busiest minute was ${busiest.label} with ${busiest.ratings}.`;
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
  if (ratingCount === 0) return `${name} has no ratings yet.`;
  let mode = 0;
  for (let i = 1; i < counts.length; i++) if ((counts[i] ?? 0) > (counts[mode] ?? 0)) mode = i;
  const fans = counts[mode] ?? 0;
  return `${name}: average ${averageRating.toFixed(1)} from ${ratingCount} ${ratingCount === 1 ? 'rating' : 'ratings'}; most common rating ${mode + 1} (${fans} ${fans === 1 ? 'fan' : 'fans'}).`;
}
