import { CHART_COLOURS } from '@client/lib/chart-palette';
import { useT } from '@client/lib/i18n/use-t';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DistributionBar } from '../../utils/chart-data';

const { primary: PRIMARY, axis: AXIS, grid: GRID } = CHART_COLOURS;

/** Ten bars, how many fans gave each value; the caption and table beside it carry the meaning. */
export default function RatingDistributionPlot({ bars }: { bars: DistributionBar[] }) {
  const t = useT();
  const fans = t('admin-match.analytics.distribution.fans');
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="value" tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} />
        <YAxis allowDecimals={false} tick={{ fill: AXIS, fontSize: 12 }} tickLine={false} axisLine={false} />
        <Tooltip
          cursor={{ fill: 'rgba(0,0,0,0.04)' }}
          formatter={(value) => [value, fans]}
          labelFormatter={(label) =>
            t('admin-match.analytics.distribution.tooltip', { value: String(label) })
          }
          contentStyle={{ borderRadius: 8, borderColor: GRID }}
        />
        <Bar dataKey="count" name={fans} fill={PRIMARY} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
