import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BarChart3, Clock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatCount, formatGcm, formatUsdt } from '../../../../shared/format.ts';
import { addMoney } from '../../../../shared/money.ts';
import type { TAnalytics } from '../../../../shared/schemas/analytics.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { i18n } from '../../../i18n/i18n.ts';
import { useAnalytics } from '../api/get-analytics.ts';
import type { AnalyticsChartProps } from './analytics-chart.tsx';

const AnalyticsChart = lazy(() => import('./analytics-chart.tsx'));

const GOLD = '#f5c542';
const GREEN = '#22c55e';
const SKY = '#60a5fa';

/** 'Nov 17' for a week's Monday, 'Nov 2026' for a month. */
function weekLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
function monthLabel(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** How long the oldest item of a queue has waited, in words. */
export function waited(hours: number | null): string {
  if (hours === null) return i18n._(msg`Nothing waiting`);
  if (hours < 1) return i18n._(msg`Less than an hour`);
  if (hours < 48) return plural(Math.round(hours), { one: '# hour', other: '# hours' });
  const days = Math.round(hours / 24);
  return i18n._(msg`${days} days`);
}

function hoursText(hours: number | null): string {
  return hours === null ? 'no reviews' : `${hours} h`;
}

interface Table {
  columns: string[];
  rows: Array<Array<string | number>>;
}

function ChartCard({
  title,
  description,
  summary,
  table,
  chart,
}: {
  title: string;
  description: string;
  summary: string;
  table: Table;
  chart: AnalyticsChartProps;
}) {
  const { t } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense
          fallback={
            <div className="flex h-72 items-center justify-center">
              <Spinner label={t`Loading chart`} />
            </div>
          }
        >
          <AnalyticsChart {...chart} />
        </Suspense>
        <p className="mt-3 text-sm text-muted">{summary}</p>
        {/* A hidden table still takes part in layout width: its wrapper is the sr-only box. */}
        <div className="sr-only">
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((cell, i) => (
                    <td key={table.columns[i]}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The charts of the tab, from the figures (oldest first, as charts read left to right). */
export function analyticsCards(data: TAnalytics) {
  const weeks = [...data.weeks].reverse().map((w) => ({ ...w, label: weekLabel(w.week) }));
  const months = [...data.months].reverse().map((m) => ({ ...m, label: monthLabel(m.month) }));
  const thisWeek = data.weeks[0];
  const thisMonth = data.months[0];
  const reviewedWeeks = data.weeks.filter((w) => w.medianReviewHours !== null);
  return [
    {
      title: 'Applications per week',
      description: 'Applications received and approved, by the week they arrived (UTC, weeks from Monday).',
      summary: `Last ${weeks.length} weeks: ${formatCount(sum(weeks.map((w) => w.applications)))} applications, ${formatCount(sum(weeks.map((w) => w.approvedApplications)))} approved. This week: ${formatCount(thisWeek?.applications ?? 0)} received, ${formatCount(thisWeek?.approvedApplications ?? 0)} approved.`,
      table: { columns: ['Week of', 'Applications', 'Approved'], rows: weeks.map((w) => [w.label, w.applications, w.approvedApplications]) },
      chart: {
        data: weeks,
        xKey: 'label',
        xLabel: 'Week',
        leftLabel: 'Applications',
        series: [
          { key: 'applications', name: 'Received', color: SKY, kind: 'bar' },
          { key: 'approvedApplications', name: 'Approved', color: GREEN, kind: 'bar' },
        ],
      },
    },
    {
      title: 'Reports per week',
      description: 'Reports sent, and reports reviewed, each week.',
      summary: `Last ${weeks.length} weeks: ${formatCount(sum(weeks.map((w) => w.reports)))} reports sent, ${formatCount(sum(weeks.map((w) => w.reviewedReports)))} reviewed. This week: ${formatCount(thisWeek?.reports ?? 0)} sent, ${formatCount(thisWeek?.reviewedReports ?? 0)} reviewed.`,
      table: { columns: ['Week of', 'Reports sent', 'Reviewed'], rows: weeks.map((w) => [w.label, w.reports, w.reviewedReports]) },
      chart: {
        data: weeks,
        xKey: 'label',
        xLabel: 'Week',
        leftLabel: 'Reports',
        series: [
          { key: 'reports', name: 'Sent', color: SKY, kind: 'bar' },
          { key: 'reviewedReports', name: 'Reviewed', color: GOLD, kind: 'bar' },
        ],
      },
    },
    {
      title: 'Time to review',
      description: 'Median hours from a report being sent to its review, for the reports reviewed each week.',
      summary: reviewedWeeks.length
        ? `Latest week with reviews (${weekLabel(reviewedWeeks[0]?.week ?? '')}): a median of ${hoursText(reviewedWeeks[0]?.medianReviewHours ?? null)}. Slowest week: ${(() => {
            const slowest = reviewedWeeks.reduce((top, w) => ((w.medianReviewHours ?? 0) > (top.medianReviewHours ?? 0) ? w : top));
            return `${weekLabel(slowest.week)}, ${hoursText(slowest.medianReviewHours)}`;
          })()}.`
        : 'No report was reviewed in these weeks.',
      table: { columns: ['Week of', 'Median hours to review'], rows: weeks.map((w) => [w.label, w.medianReviewHours ?? 'none reviewed']) },
      chart: {
        data: weeks,
        xKey: 'label',
        xLabel: 'Week',
        leftLabel: 'Hours',
        series: [{ key: 'medianReviewHours', name: 'Median hours to review', color: GOLD, kind: 'line' }],
      },
    },
    {
      title: 'Awards per month',
      description: 'GCM and USDT credited each month: report rewards, prizes and lottery wins.',
      summary: `This month: ${formatGcm(thisMonth?.gcmAwarded ?? '0')} GCM and ${formatUsdt(thisMonth?.usdtAwarded ?? '0')} USDT. Last ${months.length} months: ${formatGcm(addMoney('0', ...months.map((m) => m.gcmAwarded)))} GCM and ${formatUsdt(addMoney('0', ...months.map((m) => m.usdtAwarded)))} USDT.`,
      table: {
        columns: ['Month', 'GCM awarded', 'USDT awarded'],
        rows: months.map((m) => [m.label, formatGcm(m.gcmAwarded), formatUsdt(m.usdtAwarded)]),
      },
      chart: {
        data: months.map((m) => ({ label: m.label, gcm: Number(m.gcmAwarded), usdt: Number(m.usdtAwarded) })),
        xKey: 'label',
        xLabel: 'Month',
        leftLabel: 'GCM',
        rightLabel: 'USDT ($)',
        series: [
          { key: 'gcm', name: 'GCM', color: GOLD, kind: 'bar' },
          { key: 'usdt', name: 'USDT', color: GREEN, kind: 'bar', axis: 'right' },
        ],
      },
    },
    {
      title: 'Active ambassadors per month',
      description: 'Ambassadors who sent at least one report in the month.',
      // A month of nobody is no one's busiest: with no report in these months, it says so.
      summary: months.some((m) => m.activeAmbassadors > 0)
        ? `This month: ${formatCount(thisMonth?.activeAmbassadors ?? 0)} active. Busiest month: ${(() => {
            const top = months.reduce((best, m) => (m.activeAmbassadors > best.activeAmbassadors ? m : best));
            return `${top.label}, ${formatCount(top.activeAmbassadors)}`;
          })()}.`
        : 'No data yet: no ambassador has sent a report in these months.',
      table: { columns: ['Month', 'Active ambassadors'], rows: months.map((m) => [m.label, m.activeAmbassadors]) },
      chart: {
        data: months,
        xKey: 'label',
        xLabel: 'Month',
        leftLabel: 'Ambassadors',
        series: [{ key: 'activeAmbassadors', name: 'Active', color: SKY, kind: 'bar' }],
      },
    },
    {
      title: 'USDT withdrawn per month',
      description: 'Withdrawals approved each month.',
      summary: `This month: ${formatUsdt(thisMonth?.withdrawnUsdt ?? '0')}. Last ${months.length} months: ${formatUsdt(addMoney('0', ...months.map((m) => m.withdrawnUsdt)))}.`,
      table: { columns: ['Month', 'USDT withdrawn'], rows: months.map((m) => [m.label, formatUsdt(m.withdrawnUsdt)]) },
      chart: {
        data: months.map((m) => ({ label: m.label, withdrawn: Number(m.withdrawnUsdt) })),
        xKey: 'label',
        xLabel: 'Month',
        leftLabel: 'USDT ($)',
        series: [{ key: 'withdrawn', name: 'USDT withdrawn', color: GREEN, kind: 'bar' }],
      },
    },
  ] satisfies Array<{ title: string; description: string; summary: string; table: Table; chart: AnalyticsChartProps }>;
}

/** DECISIONS §5, The admin desk: how the programme is doing, from SQL aggregates. */
export function AnalyticsTab() {
  const { t } = useLingui();
  const analytics = useAnalytics();
  return (
    <QueryState query={analytics} failure={t`Analytics could not be loaded.`} loadingLabel={t`Loading analytics`}>
      {(data) => <Analytics data={data} />}
    </QueryState>
  );
}

function Analytics({ data }: { data: TAnalytics }) {
  const { t } = useLingui();
  const { queues } = data;
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="queues-title" className="flex flex-col gap-3">
        <h2 id="queues-title" className="inline-flex items-center gap-2 text-lg font-bold">
          <Clock className="size-5 text-gold" aria-hidden="true" /> <Trans>Oldest waiting in each queue</Trans>
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          {(
            [
              ['applications', t`Applications`, queues.oldestPendingApplicationHours],
              ['reports', t`Reports`, queues.oldestPendingReportHours],
              ['withdrawals', t`Withdrawals`, queues.oldestPendingWithdrawalHours],
            ] as const
          ).map(([key, name, hours]) => (
            <div key={key} className="rounded-2xl border border-border bg-surface p-4">
              <dt className="text-sm text-muted">{name}</dt>
              <dd className="mt-1 text-xl font-bold" data-testid={`queue-${key}`}>
                {waited(hours)}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <h2 className="inline-flex items-center gap-2 text-lg font-bold">
        <BarChart3 className="size-5 text-gold" aria-hidden="true" /> <Trans>The last 12 weeks and months</Trans>
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        {analyticsCards(data).map((card) => (
          <ChartCard key={card.title} {...card} />
        ))}
      </div>
    </div>
  );
}
