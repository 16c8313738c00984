import { CHART_COLOURS } from '@client/lib/chart-palette';
import { useT } from '@client/lib/i18n/use-t';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { TIMELINE_BARS_UP_TO, type TimelinePoint } from '../../utils/chart-data';

const { primary: PRIMARY, axis: AXIS, grid: GRID } = CHART_COLOURS;

/** The drawing only; the caption and the data table beside it carry the meaning for screen readers. */
export default function RatingsTimelinePlot({ points }: { points: TimelinePoint[] }) {
  const t = useT();
  const ratings = t('admin-match.analytics.timeline.ratings');
  const axes = (
    <>
      <CartesianGrid stroke={GRID} vertical={false} />
      <XAxis dataKey="label" tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} minTickGap={24} />
      <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={false} />
      <Tooltip
        formatter={(value) => [value, ratings]}
        labelFormatter={(label) => t('admin-match.analytics.timeline.tooltip', { minute: String(label) })}
        contentStyle={{ borderRadius: 8, borderColor: GRID }}
        cursor={{ fill: 'rgba(0,0,0,0.04)' }}
      />
    </>
  );
  if (points.length <= TIMELINE_BARS_UP_TO) {
    return (
      <ResponsiveContainer width="100%" height={240}>
        <BarChart
          data={points}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          accessibilityLayer={false}
        >
          {axes}
          <Bar
            dataKey="ratings"
            name={ratings}
            fill={PRIMARY}
            radius={[4, 4, 0, 0]}
            maxBarSize={48}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    );
  }
  return (
    <ResponsiveContainer width="100%" height={240}>
      <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <defs>
          <linearGradient id="ratings-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={PRIMARY} stopOpacity={0.35} />
            <stop offset="100%" stopColor={PRIMARY} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        {axes}
        <Area
          type="monotone"
          dataKey="ratings"
          name={ratings}
          stroke={PRIMARY}
          strokeWidth={2}
          fill="url(#ratings-fill)"
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
