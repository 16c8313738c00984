/** Recharts draws SVG attributes, which cannot read CSS variables: the palette's hex values, in one place. */
export const CHART_COLOURS = {
  primary: '#da291c',
  axis: '#575757',
  grid: '#e4e4e7',
} as const;
