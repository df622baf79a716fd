/**
 * The one look of the charts (the dashboard's earnings, the admin analytics): the recharts props
 * they share. Values only: each chart imports recharts itself, loaded with it (React.lazy).
 */

/** The horizontal grid lines behind the bars. */
export const CHART_GRID = { strokeDasharray: '3 3', stroke: '#1f5443', vertical: false } as const;

/** A value axis: no line of its own, its ticks bare, room for a five-digit figure. */
export const VALUE_AXIS = { tickLine: false, axisLine: false, width: 56 } as const;

/** The tooltip over a bar: a card in the page's colours. */
export const CHART_TOOLTIP = {
  cursor: { fill: 'rgba(255,255,255,0.04)' },
  contentStyle: { background: '#0a2c21', border: '1px solid #1f5443', borderRadius: 12, color: '#eef7f1' },
} as const;

/** The legend under the chart. */
export const CHART_LEGEND = { wrapperStyle: { fontSize: 12, paddingTop: 20 } } as const;
