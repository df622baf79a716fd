import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BarChart3, Clock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { other, usdtAmountIn, usdtFigureIn } from '../../../../shared/localized-figures.ts';
import { gcmIn } from '../../../../shared/localized-format.ts';
import { INTL_LOCALES } from '../../../../shared/locales.ts';
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

/** The Intl name of the page's language ('en-US' for English and the pseudo-locale). */
function intlOf(locale: string): string {
  const lang = other(locale);
  return lang ? INTL_LOCALES[lang] : 'en-US';
}

/** 'Nov 17' for a week's Monday, 'Nov 2026' for a month ('17 nov', 'nov 2026' in Spanish). */
function weekLabel(day: string, locale: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(intlOf(locale), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
function monthLabel(month: string, locale: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString(intlOf(locale), { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** A figure as it stands, as English shows it (12.5), else as the page's language writes it (12,5). */
function figureIn(value: number, locale: string): string | number {
  return other(locale) ? value.toLocaleString(intlOf(locale), { maximumFractionDigits: 1 }) : value;
}

/** How long the oldest item of a queue has waited, in words. */
export function waited(hours: number | null): string {
  if (hours === null) return i18n._(msg`Nothing waiting`);
  if (hours < 1) return i18n._(msg`Less than an hour`);
  if (hours < 48) return plural(Math.round(hours), { one: '# hour', other: '# hours' });
  const days = Math.round(hours / 24);
  return i18n._(msg`${days} days`);
}

function hoursText(value: number | null, locale: string): string {
  if (value === null) return i18n._(msg`no reviews`);
  const hours = figureIn(value, locale);
  return i18n._(msg`${hours} h`);
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

/** The charts of the tab, from the figures (oldest first, as charts read left to right), in the page's language. */
export function analyticsCards(data: TAnalytics, locale: string = i18n.locale) {
  const weeks = [...data.weeks].reverse().map((w) => ({ ...w, label: weekLabel(w.week, locale) }));
  const months = [...data.months].reverse().map((m) => ({ ...m, label: monthLabel(m.month, locale) }));
  const thisWeek = data.weeks[0];
  const thisMonth = data.months[0];
  const reviewedWeeks = data.weeks.filter((w) => w.medianReviewHours !== null);
  const figure = (value: number) => figureIn(value, locale);
  // English keeps its '$' on the USDT axis; another language names the unit alone.
  const usdtAxis = other(locale) ? 'USDT' : 'USDT ($)';
  const weekOf = i18n._(msg`Week of`);
  const week = i18n._(msg`Week`);
  const month = i18n._(msg`Month`);
  const weekCount = weeks.length;
  const monthCount = months.length;

  // Counts that a noun or an adjective follows are plurals: each language says '1 application' its own way.
  const applications = sum(weeks.map((w) => w.applications));
  const approved = sum(weeks.map((w) => w.approvedApplications));
  const received = thisWeek?.applications ?? 0;
  const approvedThisWeek = thisWeek?.approvedApplications ?? 0;

  const sent = sum(weeks.map((w) => w.reports));
  const reviewed = sum(weeks.map((w) => w.reviewedReports));
  const sentThisWeek = thisWeek?.reports ?? 0;
  const reviewedThisWeek = thisWeek?.reviewedReports ?? 0;
  const lastWeeks = plural(weekCount, { one: 'Last week', other: 'Last # weeks' });
  const lastMonths = plural(monthCount, { one: 'Last month', other: 'Last # months' });

  const latest = reviewedWeeks[0];
  const slowest = reviewedWeeks.reduce<(typeof reviewedWeeks)[number] | undefined>(
    (top, w) => (top === undefined || (w.medianReviewHours ?? 0) > (top.medianReviewHours ?? 0) ? w : top),
    undefined,
  );
  let reviewSummary = i18n._(msg`No report was reviewed in these weeks.`);
  if (latest && slowest) {
    const latestWeek = weekLabel(latest.week, locale);
    const latestHours = hoursText(latest.medianReviewHours, locale);
    const slowestWeek = weekLabel(slowest.week, locale);
    const slowestHours = hoursText(slowest.medianReviewHours, locale);
    reviewSummary = i18n._(msg`Latest week with reviews (${latestWeek}): a median of ${latestHours}. Slowest week: ${slowestWeek}, ${slowestHours}.`);
  }

  const gcm = gcmIn(thisMonth?.gcmAwarded ?? '0', locale);
  const usdt = usdtFigureIn(thisMonth?.usdtAwarded ?? '0', locale);
  const totalGcm = gcmIn(addMoney('0', ...months.map((m) => m.gcmAwarded)), locale);
  const totalUsdt = usdtFigureIn(addMoney('0', ...months.map((m) => m.usdtAwarded)), locale);

  // A month of nobody is no one's busiest: with no report in these months, it says so.
  let activeSummary = i18n._(msg`No data yet: no ambassador has sent a report in these months.`);
  if (months.some((m) => m.activeAmbassadors > 0)) {
    const active = thisMonth?.activeAmbassadors ?? 0;
    const top = months.reduce((best, m) => (m.activeAmbassadors > best.activeAmbassadors ? m : best));
    const busiest = top.label;
    const busiestCount = top.activeAmbassadors;
    activeSummary = i18n._(
      msg`This month: ${plural(active, { one: '# active', other: '# active' })}. Busiest month: ${busiest}, ${plural(busiestCount, { one: '# active ambassador', other: '# active ambassadors' })}.`,
    );
  }

  const withdrawn = usdtAmountIn(thisMonth?.withdrawnUsdt ?? '0', locale);
  const totalWithdrawn = usdtAmountIn(addMoney('0', ...months.map((m) => m.withdrawnUsdt)), locale);

  return [
    {
      title: i18n._(msg`Applications per week`),
      description: i18n._(msg`Applications received and approved, by the week they arrived (UTC, weeks from Monday).`),
      summary: i18n._(
        msg`${lastWeeks}: ${plural(applications, { one: '# application', other: '# applications' })}, ${plural(approved, { one: '# approved', other: '# approved' })}. This week: ${plural(received, { one: '# received', other: '# received' })}, ${plural(approvedThisWeek, { one: '# approved', other: '# approved' })}.`,
      ),
      table: {
        columns: [weekOf, i18n._(msg`Applications`), i18n._(msg({ message: 'Approved', context: 'applications' }))],
        rows: weeks.map((w) => [w.label, figure(w.applications), figure(w.approvedApplications)]),
      },
      chart: {
        data: weeks,
        xKey: 'label',
        xLabel: week,
        leftLabel: i18n._(msg`Applications`),
        series: [
          { key: 'applications', name: i18n._(msg`Received`), color: SKY, kind: 'bar' },
          { key: 'approvedApplications', name: i18n._(msg({ message: 'Approved', context: 'applications' })), color: GREEN, kind: 'bar' },
        ],
      },
    },
    {
      title: i18n._(msg`Reports per week`),
      description: i18n._(msg`Reports sent, and reports reviewed, each week.`),
      summary: i18n._(
        msg`${lastWeeks}: ${plural(sent, { one: '# report sent', other: '# reports sent' })}, ${plural(reviewed, { one: '# reviewed', other: '# reviewed' })}. This week: ${plural(sentThisWeek, { one: '# sent', other: '# sent' })}, ${plural(reviewedThisWeek, { one: '# reviewed', other: '# reviewed' })}.`,
      ),
      table: {
        columns: [weekOf, i18n._(msg`Reports sent`), i18n._(msg({ message: 'Reviewed', context: 'reports' }))],
        rows: weeks.map((w) => [w.label, figure(w.reports), figure(w.reviewedReports)]),
      },
      chart: {
        data: weeks,
        xKey: 'label',
        xLabel: week,
        leftLabel: i18n._(msg`Reports`),
        series: [
          { key: 'reports', name: i18n._(msg`Sent`), color: SKY, kind: 'bar' },
          { key: 'reviewedReports', name: i18n._(msg({ message: 'Reviewed', context: 'reports' })), color: GOLD, kind: 'bar' },
        ],
      },
    },
    {
      title: i18n._(msg`Time to review`),
      description: i18n._(msg`Median hours from a report being sent to its review, for the reports reviewed each week.`),
      summary: reviewSummary,
      table: {
        columns: [weekOf, i18n._(msg`Median hours to review`)],
        rows: weeks.map((w) => [w.label, w.medianReviewHours === null ? i18n._(msg`none reviewed`) : figure(w.medianReviewHours)]),
      },
      chart: {
        data: weeks,
        xKey: 'label',
        xLabel: week,
        leftLabel: i18n._(msg`Hours`),
        series: [{ key: 'medianReviewHours', name: i18n._(msg`Median hours to review`), color: GOLD, kind: 'line' }],
      },
    },
    {
      title: i18n._(msg`Awards per month`),
      description: i18n._(msg`GCM and USDT credited each month: report rewards, prizes and lottery wins.`),
      summary: i18n._(msg`This month: ${gcm} GCM and ${usdt} USDT. ${lastMonths}: ${totalGcm} GCM and ${totalUsdt} USDT.`),
      table: {
        columns: [month, i18n._(msg`GCM awarded`), i18n._(msg`USDT awarded`)],
        rows: months.map((m) => [m.label, gcmIn(m.gcmAwarded, locale), usdtFigureIn(m.usdtAwarded, locale)]),
      },
      chart: {
        data: months.map((m) => ({ label: m.label, gcm: Number(m.gcmAwarded), usdt: Number(m.usdtAwarded) })),
        xKey: 'label',
        xLabel: month,
        leftLabel: 'GCM',
        rightLabel: usdtAxis,
        series: [
          { key: 'gcm', name: 'GCM', color: GOLD, kind: 'bar' },
          { key: 'usdt', name: 'USDT', color: GREEN, kind: 'bar', axis: 'right' },
        ],
      },
    },
    {
      title: i18n._(msg`Active ambassadors per month`),
      description: i18n._(msg`Ambassadors who sent at least one report in the month.`),
      summary: activeSummary,
      table: {
        columns: [month, i18n._(msg`Active ambassadors`)],
        rows: months.map((m) => [m.label, figure(m.activeAmbassadors)]),
      },
      chart: {
        data: months,
        xKey: 'label',
        xLabel: month,
        leftLabel: i18n._(msg`Ambassadors`),
        series: [{ key: 'activeAmbassadors', name: i18n._(msg`Active`), color: SKY, kind: 'bar' }],
      },
    },
    {
      title: i18n._(msg`USDT withdrawn per month`),
      description: i18n._(msg`Withdrawals approved each month.`),
      summary: i18n._(msg`This month: ${withdrawn}. ${lastMonths}: ${totalWithdrawn}.`),
      table: {
        columns: [month, i18n._(msg`USDT withdrawn`)],
        rows: months.map((m) => [m.label, usdtFigureIn(m.withdrawnUsdt, locale)]),
      },
      chart: {
        data: months.map((m) => ({ label: m.label, withdrawn: Number(m.withdrawnUsdt) })),
        xKey: 'label',
        xLabel: month,
        leftLabel: usdtAxis,
        series: [{ key: 'withdrawn', name: i18n._(msg`USDT withdrawn`), color: GREEN, kind: 'bar' }],
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
  const { t, i18n: lingui } = useLingui();
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
        {analyticsCards(data, lingui.locale).map((card) => (
          <ChartCard key={card.title} {...card} />
        ))}
      </div>
    </div>
  );
}
