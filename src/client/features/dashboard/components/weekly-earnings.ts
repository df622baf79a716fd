import { addMoney } from '../../../../shared/money.ts';
import type { TReportView } from '../../../../shared/schemas/views.ts';

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
