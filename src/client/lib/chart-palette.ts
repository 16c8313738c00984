/**
 * The charts' colours, in one place. The primary follows the club's palette: SVG presentation attributes
 * take a CSS variable as a style would.
 */
export const CHART_COLOURS = {
  primary: 'var(--color-primary)',
  axis: '#575757',
  grid: '#e4e4e7',
} as const;
