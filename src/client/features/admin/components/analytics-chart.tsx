import { useLingui } from '@lingui/react/macro';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { other } from '../../../../shared/localized-figures.ts';
import { INTL_LOCALES } from '../../../../shared/locales.ts';
import { CHART_GRID, CHART_LEGEND, CHART_TOOLTIP, VALUE_AXIS } from '../../../components/ui/chart-look.ts';

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  kind: 'bar' | 'line';
  /** Which vertical axis it is read on: the left one, or the right one (a second unit). */
  axis?: 'left' | 'right';
}

export interface AnalyticsChartProps {
  data: ReadonlyArray<Record<string, string | number | null>>;
  xKey: string;
  xLabel: string;
  series: readonly ChartSeries[];
  /** The unit of each vertical axis, as its label. */
  leftLabel: string;
  rightLabel?: string;
}

const AXIS = '#a7c6b8';
/** Both value axes: the same look, without a line of their own. */
const Y_AXIS = { stroke: AXIS, fontSize: 11, ...VALUE_AXIS } as const;

/**
 * One chart of the Analytics tab (recharts, loaded with the tab). Hidden from screen readers: each
 * chart's card says the same in a sentence and a table.
 */
export default function AnalyticsChart({ data, xKey, xLabel, series, leftLabel, rightLabel }: AnalyticsChartProps) {
  const { i18n } = useLingui();
  // English shows the figures as they are; another language groups and marks decimals its own way (12,5).
  const lang = other(i18n.locale);
  const local = lang ? (value: unknown) => (typeof value === 'number' ? value.toLocaleString(INTL_LOCALES[lang]) : String(value)) : undefined;
  return (
    <div className="h-72 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%" minWidth={200} initialDimension={{ width: 520, height: 256 }}>
        <ComposedChart data={[...data]} margin={{ top: 8, right: 8, left: 8, bottom: 24 }} accessibilityLayer={false}>
          <CartesianGrid {...CHART_GRID} />
          <XAxis
            dataKey={xKey}
            stroke={AXIS}
            fontSize={11}
            tickLine={false}
            label={{ value: xLabel, position: 'insideBottom', offset: -12, fill: AXIS, fontSize: 12 }}
          />
          <YAxis
            yAxisId="left"
            {...Y_AXIS}
            allowDecimals={false}
            tickFormatter={local}
            label={{ value: leftLabel, angle: -90, position: 'insideLeft', fill: AXIS, fontSize: 12 }}
          />
          {rightLabel ? (
            <YAxis
              yAxisId="right"
              orientation="right"
              {...Y_AXIS}
              tickFormatter={local}
              label={{ value: rightLabel, angle: 90, position: 'insideRight', fill: AXIS, fontSize: 12 }}
            />
          ) : null}
          <Tooltip {...CHART_TOOLTIP} formatter={local ? (value, name) => [local(value), name] : undefined} />
          <Legend {...CHART_LEGEND} />
          {series.map((s) =>
            s.kind === 'bar' ? (
              <Bar key={s.key} yAxisId={s.axis ?? 'left'} dataKey={s.key} name={s.name} fill={s.color} radius={[4, 4, 0, 0]} maxBarSize={24} />
            ) : (
              <Line key={s.key} yAxisId={s.axis ?? 'left'} dataKey={s.key} name={s.name} stroke={s.color} strokeWidth={2} dot={{ r: 3 }} connectNulls />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
