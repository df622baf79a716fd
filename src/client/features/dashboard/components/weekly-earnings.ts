import { formatGcm, formatUsdt } from '../../../../shared/format.ts';
import { addMoney } from '../../../../shared/money.ts';
import type { TReportView } from '../../../../shared/schemas/reports.ts';

export interface WeekPoint {
  week: string;
  label: string;
  gcm: number;
  usdt: number;
}

/** GCM and USDT awarded per report week (approved reports), oldest first, at most `limit` weeks. */
export function weeklyEarnings(reports: readonly TReportView[], limit = 12): WeekPoint[] {
  const byWeek = new Map<string, { gcm: string; usdt: string }>();
  for (const report of reports) {
    if (report.status !== 'approved') continue;
    const current = byWeek.get(report.weekStartDate) ?? { gcm: '0', usdt: '0' };
    byWeek.set(report.weekStartDate, {
      gcm: addMoney(current.gcm, report.gcmAwarded || '0'),
      usdt: addMoney(current.usdt, report.usdtAwarded || '0'),
    });
  }
  return [...byWeek.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(-limit)
    .map(([week, sums]) => ({
      week,
      label: new Date(`${week}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
      // Plotting only: exact sums were made in cents above.
      gcm: Number(sums.gcm),
      usdt: Number(sums.usdt),
    }));
}

/**
 * What the chart shows, in one sentence for screen readers (the chart itself is hidden from them):
 * the weeks it covers, the totals, and the best week by GCM.
 */
export function earningsSummary(points: readonly WeekPoint[]): string {
  if (points.length === 0) return 'No approved reports yet.';
  const first = points[0];
  const last = points[points.length - 1];
  const best = points.reduce((top, point) => (point.gcm > top.gcm ? point : top), points[0] as WeekPoint);
  const gcm = formatGcm(points.reduce((sum, point) => sum + point.gcm, 0).toFixed(2));
  const usdt = formatUsdt(points.reduce((sum, point) => sum + point.usdt, 0).toFixed(2));
  const span = points.length === 1 ? `the week of ${first?.label}` : `${points.length} report weeks from ${first?.label} to ${last?.label}`;
  return `Over ${span}: ${gcm} GCM and ${usdt} USDT awarded. Best week: ${best.label}, ${formatGcm(best.gcm.toFixed(2))} GCM.`;
}
