import { gcmIn, usdtIn } from '../../../../shared/localized-format.ts';
import { INTL_LOCALES, isLocale } from '../../../../shared/locales.ts';
import { addMoney } from '../../../../shared/money.ts';
import type { TReportView } from '../../../../shared/schemas/reports.ts';

export interface WeekPoint {
  week: string;
  label: string;
  gcm: number;
  usdt: number;
}

/** GCM and USDT awarded per report week (approved reports), oldest first, at most `limit` weeks. */
export function weeklyEarnings(reports: readonly TReportView[], limit = 12, locale = 'en'): WeekPoint[] {
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
      label: new Date(`${week}T00:00:00Z`).toLocaleDateString(INTL_LOCALES[isLocale(locale) ? locale : 'en'], {
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }),
      // Plotting only: exact sums were made in cents above.
      gcm: Number(sums.gcm),
      usdt: Number(sums.usdt),
    }));
}

/**
 * What the chart shows, in one sentence for screen readers (the chart itself is hidden from them):
 * the weeks it covers, the totals, and the best week by GCM.
 */
export function earningsSummary(points: readonly WeekPoint[], words: SummaryWords = ENGLISH_SUMMARY, locale = 'en'): string {
  if (points.length === 0) return words.none();
  const first = points[0];
  const last = points[points.length - 1];
  const best = points.reduce((top, point) => (point.gcm > top.gcm ? point : top), points[0] as WeekPoint);
  const figures = {
    gcm: gcmIn(points.reduce((sum, point) => sum + point.gcm, 0).toFixed(2), locale),
    usdt: usdtIn(points.reduce((sum, point) => sum + point.usdt, 0).toFixed(2), locale),
    best: best.label,
    bestGcm: gcmIn(best.gcm.toFixed(2), locale),
  };
  return points.length === 1
    ? words.oneWeek({ ...figures, week: first?.label ?? '' })
    : words.weeks({ ...figures, count: points.length, first: first?.label ?? '', last: last?.label ?? '' });
}

type Figures = { gcm: string; usdt: string; best: string; bestGcm: string };

/** The summary's sentences: English here, the page's language from the dashboard (its catalog). */
export interface SummaryWords {
  none(): string;
  oneWeek(v: Figures & { week: string }): string;
  weeks(v: Figures & { count: number; first: string; last: string }): string;
}

export const ENGLISH_SUMMARY: SummaryWords = {
  none: () => 'No approved reports yet.',
  oneWeek: (v) => `Over the week of ${v.week}: ${v.gcm} GCM and ${v.usdt} awarded. Best week: ${v.best}, ${v.bestGcm} GCM.`,
  weeks: (v) => `Over ${v.count} report weeks from ${v.first} to ${v.last}: ${v.gcm} GCM and ${v.usdt} awarded. Best week: ${v.best}, ${v.bestGcm} GCM.`,
};
