import { CHART_COLOURS } from '@client/lib/chart-palette';
import { oneDecimal } from '@client/lib/i18n/figures';
import { useT } from '@client/lib/i18n/use-t';
import { useLayoutEffect, useRef, useState } from 'react';

export interface AveragePoint {
  /** The short x label: the opponent. */
  label: string;
  /** A point's title (shown on hover): opponent, score and day. */
  title: string;
  averageRating: number;
}

/** Until the box is measured (and on the server). */
const DEFAULT_WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 16, bottom: 28, left: 28 };
const TICKS = [1, 4, 7, 10];
/** At most this many x labels, evenly picked: a season's 38 opponents would not fit. */
const MAX_LABELS = 6;

/**
 * Match averages as a line on a 1-10 scale, with the season average dashed. Plain SVG rather than
 * Recharts: this chart is on a fan's screen, and a charting library would add hundreds of kB to what
 * the phone downloads and keeps offline. The drawing only: the list under it reads out every figure.
 */
export function MatchAveragesPlot({
  points,
  seasonMean,
}: {
  points: AveragePoint[];
  seasonMean: number | null;
}) {
  const t = useT();
  const { primary, axis, grid } = CHART_COLOURS;
  // Drawn at the box's own width, so the 12 px labels stay 12 px on a phone.
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      if (width > 0) setWidth(width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const innerWidth = width - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) =>
    PAD.left + (points.length === 1 ? innerWidth / 2 : (i / (points.length - 1)) * innerWidth);
  const y = (rating: number) => PAD.top + ((10 - rating) / 9) * innerHeight;
  const every = Math.max(1, Math.ceil(points.length / Math.min(MAX_LABELS, Math.floor(width / 80))));
  const last = points.length - 1;
  // Evenly spaced labels and always the newest; one too close to the newest gives way to it.
  const labelled = (i: number) => i === last || (i % every === 0 && last - i >= every / 2);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.averageRating).toFixed(1)}`).join(' ');
  return (
    // Time runs left to right and the scale's labels sit on the left, in every language.
    <div ref={box} dir="ltr" className="w-full">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width={width}
        height={HEIGHT}
        className="block max-w-full"
        role="presentation"
        focusable="false"
      >
        {TICKS.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} stroke={grid} />
            <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" fontSize="12" fill={axis}>
              {tick}
            </text>
          </g>
        ))}
        {seasonMean !== null ? (
          <line
            x1={PAD.left}
            x2={width - PAD.right}
            y1={y(seasonMean)}
            y2={y(seasonMean)}
            stroke={axis}
            strokeDasharray="5 5"
            strokeOpacity={0.7}
          />
        ) : null}
        <polyline points={line} fill="none" stroke={primary} strokeWidth={2.5} strokeLinejoin="round" />
        {points.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: points are in match order; two may share an opponent
          <g key={i}>
            <circle cx={x(i)} cy={y(p.averageRating)} r={4} fill={primary}>
              <title>
                {t('reports.chart.pointTitle', { match: p.title, average: oneDecimal(p.averageRating) })}
              </title>
            </circle>
            {labelled(i) ? (
              <text
                x={x(i)}
                y={HEIGHT - 8}
                // The end labels lean inwards, so neither is cut at the edge.
                textAnchor={
                  points.length > 1 && i === 0
                    ? 'start'
                    : points.length > 1 && i === points.length - 1
                      ? 'end'
                      : 'middle'
                }
                fontSize="12"
                fill={axis}
              >
                {p.label}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
    </div>
  );
}
