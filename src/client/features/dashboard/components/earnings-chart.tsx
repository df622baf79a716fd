import { useLingui } from '@lingui/react/macro';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { usdtAmountIn } from '../../../../shared/localized-format.ts';
import { CHART_GRID, CHART_LEGEND, CHART_TOOLTIP, VALUE_AXIS } from '../../../components/ui/chart-look.ts';
import type { WeekPoint } from './weekly-earnings.ts';

/** Loaded on its own (React.lazy): recharts is the heaviest library of the dashboard. */
export default function EarningsChart({ data }: { data: WeekPoint[] }) {
  const { t, i18n } = useLingui();
  const english = i18n.locale === 'en';
  return (
    <div className="h-72 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%" minWidth={200} initialDimension={{ width: 600, height: 288 }}>
        {/* Hidden from screen readers (the summary and table beside it say the same), so no keyboard stop either. */}
        <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 24 }} accessibilityLayer={false}>
          <CartesianGrid {...CHART_GRID} />
          <XAxis
            dataKey="label"
            stroke="#a7c6b8"
            fontSize={12}
            tickLine={false}
            label={{ value: t`Report week`, position: 'insideBottom', offset: -12, fill: '#a7c6b8', fontSize: 12 }}
          />
          <YAxis
            yAxisId="gcm"
            stroke="#f5c542"
            fontSize={12}
            {...VALUE_AXIS}
            label={{ value: 'GCM', angle: -90, position: 'insideLeft', fill: '#f5c542', fontSize: 12 }}
          />
          <YAxis
            yAxisId="usdt"
            orientation="right"
            stroke="#4ade80"
            fontSize={12}
            {...VALUE_AXIS}
            tickFormatter={(value: number) => (english ? `$${value}` : value.toLocaleString(i18n.locale))}
            label={{ value: english ? 'USDT ($)' : 'USDT', angle: 90, position: 'insideRight', fill: '#4ade80', fontSize: 12 }}
          />
          <Tooltip
            {...CHART_TOOLTIP}
            formatter={(value, name) =>
              name === 'USDT' ? [english ? `$${Number(value).toFixed(2)}` : usdtAmountIn(Number(value).toFixed(2), i18n.locale), name] : [String(value), name]
            }
          />
          <Legend {...CHART_LEGEND} />
          <Bar yAxisId="gcm" dataKey="gcm" name="GCM" fill="#f5c542" radius={[6, 6, 0, 0]} maxBarSize={32} />
          <Bar yAxisId="usdt" dataKey="usdt" name="USDT" fill="#22c55e" radius={[6, 6, 0, 0]} maxBarSize={32} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
