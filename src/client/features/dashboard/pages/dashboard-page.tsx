import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../../../i18n/i18n.ts';
import { ArrowRight, Award, BarChart3, CalendarDays, Coins, DollarSign, FilePlus2, FileText, UserRound } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import { badgeRangeLabel, badgeTier } from '../../../../shared/badges.ts';
import { dateIn, gcmIn, monthIn, placeIn, usdtFigureIn, weekIn } from '../../../../shared/localized-format.ts';
import { isPositiveMoney } from '../../../../shared/money.ts';
import type { TOwnAmbassador } from '../../../../shared/schemas/ambassadors.ts';
import type { TReportView } from '../../../../shared/schemas/reports.ts';
import { DASHBOARD_RECENT_REPORTS } from '../../../../shared/limits.ts';
import { useMyReports } from '../../../api/reports.ts';
import { useAuth } from '../../../app/auth.tsx';
import { AmbassadorBanner } from '../../../components/ambassador-banner.tsx';
import { asBadgeLevel, badgeLabel, badgeTextClass } from '../../../components/badge-level.tsx';
import { AmbassadorPage } from '../../../components/no-ambassador-profile.tsx';
import { NoReportsYet } from '../../../components/no-reports-yet.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { FeedbackAtAGlance } from '../../../components/report-feedback.tsx';
import { SuspendedNotice } from '../../../components/suspended-notice.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, IconCardHeader, IconCardLabel } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { cn } from '../../../lib/utils.ts';
import { earningsSummary, weeklyEarnings, type SummaryWords } from '../components/weekly-earnings.ts';

const EarningsChart = lazy(() => import('../components/earnings-chart.tsx'));

export function DashboardPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const isAdmin = Boolean(user?.isAdmin || user?.isSuperAdmin);
  if (isAdmin) return <Redirect to="/admin" replace />;
  return (
    <AmbassadorPage loadingLabel={t`Loading dashboard...`} failure={t`The dashboard could not be loaded.`} dashboard>
      {(ambassador) => <Dashboard ambassador={ambassador} />}
    </AmbassadorPage>
  );
}

/** A prize won, as the ambassador reads it: 'You won 1st place in October 2026'. */
function winText(win: TOwnAmbassador['wins'][number], locale: string): string {
  const label = monthIn(win.month, locale);
  if (win.kind === 'lottery') return i18n._(msg`You won the lottery in ${label}`);
  const place = placeIn(win.rank ?? 0, locale);
  return i18n._(msg`You won ${place} place in ${label}`);
}

function Dashboard({ ambassador }: { ambassador: TOwnAmbassador }) {
  const { t, i18n: active } = useLingui();
  const locale = active.locale;
  const level = asBadgeLevel(ambassador.badgeLevel);
  const tier = badgeTier(level);
  const reports = useMyReports();
  const reportCount = reports.data?.length ?? ambassador.reportCount;
  return (
    <div className="flex flex-col gap-6">
      {ambassador.status === 'suspended' ? <SuspendedNotice ambassador={ambassador} /> : null}
      {ambassador.wins.length ? (
        <Card>
          <CardContent className="flex flex-col gap-1 p-5">
            <h2 className="text-lg font-bold">
              <Trans>Your prizes</Trans>
            </h2>
            <ul className="text-sm">
              {ambassador.wins.slice(0, 3).map((win) => {
                const text = winText(win, locale);
                const amount = usdtFigureIn(win.prizeUsdt, locale);
                return (
                  <li key={`${win.month}-${win.kind}`}>
                    <Trans>
                      {text}: {amount} credited to your wallet.
                    </Trans>
                  </li>
                );
              })}
            </ul>
            <a href="/hall-of-fame" className="text-sm font-semibold text-gold underline">
              <Trans>See the Hall of Fame</Trans>
            </a>
          </CardContent>
        </Card>
      ) : null}
      <AmbassadorBanner ambassador={ambassador} />

      <section aria-label={t`Earnings`} className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <StatCard icon={<Coins />} label={t`Total GCM`} sub={t`All-time`} value={gcmIn(ambassador.totalGcmEarned, locale)} accent="gold" />
        <StatCard icon={<CalendarDays />} label={t`Monthly GCM`} sub={t`This month`} value={gcmIn(ambassador.monthlyGcm, locale)} accent="gold" />
        <StatCard icon={<DollarSign />} label={t`Total USDT`} sub={t`All-time`} value={usdtFigureIn(ambassador.totalUsdtEarned, locale)} accent="green" />
        <StatCard icon={<DollarSign />} label={t`Monthly USDT`} sub={t`This month`} value={usdtFigureIn(ambassador.monthlyUsdt, locale)} accent="green" />
      </section>

      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <CardHeader>
            <IconCardLabel icon={Award}>
              <Trans>Badge Level</Trans>
            </IconCardLabel>
            <p className={cn('text-3xl font-extrabold', badgeTextClass(level))}>{badgeLabel(level)}</p>
            <p className="text-sm text-muted">
              <Trans>{badgeRangeLabel(tier)} GCM/month</Trans>
            </p>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <IconCardLabel icon={FileText}>
              <Trans>Activity Reports</Trans>
            </IconCardLabel>
            <p className="text-3xl font-extrabold">{reportCount}</p>
            <Link href="/submit-report" className="inline-flex items-center gap-1 text-sm font-semibold text-gold hover:underline">
              <FilePlus2 className="size-4" aria-hidden="true" /> <Trans>Submit New</Trans>
            </Link>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">
              <Trans>Quick Actions</Trans>
            </CardTitle>
            <div className="mt-2 flex flex-col gap-2">
              <Link href="/submit-report" className={buttonVariants({ size: 'sm' })}>
                <FilePlus2 aria-hidden="true" /> <Trans>Submit Weekly Report</Trans>
              </Link>
              <Link href="/profile" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
                <UserRound aria-hidden="true" /> <Trans>View Full Profile</Trans>
              </Link>
            </div>
          </CardHeader>
        </Card>
      </div>

      <Card>
        <IconCardHeader icon={BarChart3} title={<Trans>Weekly Earnings</Trans>} description={<Trans>GCM and USDT awarded for each report week.</Trans>} />
        <CardContent>
          <QueryState
            query={reports}
            failure={t`Your weekly earnings could not be loaded.`}
            loading={
              <div className="flex h-72 items-center justify-center">
                <Spinner />
              </div>
            }
            isEmpty={(list) => weeklyEarnings(list).length === 0}
            empty={
              <p className="py-8 text-center text-sm text-muted">
                <Trans>Your weekly earnings appear here once a report is approved.</Trans>
              </p>
            }
          >
            {(list) => <Earnings reports={list} locale={locale} />}
          </QueryState>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle>
              <Trans>Recent Activity Reports</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Your latest {DASHBOARD_RECENT_REPORTS} reports.</Trans>
            </CardDescription>
          </div>
          <Link href="/reports" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
            <Trans>View all reports</Trans> <ArrowRight aria-hidden="true" />
          </Link>
        </CardHeader>
        <CardContent>
          <QueryState
            query={reports}
            failure={t`Your reports could not be loaded.`}
            isEmpty={(list) => list.length === 0}
            empty={<NoReportsYet icon={<FileText />} />}
          >
            {(list) => (
              <ResponsiveTable
                label={t`Recent Activity Reports`}
                rows={list.slice(0, DASHBOARD_RECENT_REPORTS)}
                rowKey={(report) => report.id}
                columns={reportColumns(locale)}
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}

/** The chart's sentence in the page's language. */
const SUMMARY: SummaryWords = {
  none: () => i18n._(msg`No approved reports yet.`),
  oneWeek: ({ week, gcm, usdt, best, bestGcm }) => i18n._(msg`Over the week of ${week}: ${gcm} GCM and ${usdt} awarded. Best week: ${best}, ${bestGcm} GCM.`),
  weeks: ({ count, first, last, gcm, usdt, best, bestGcm }) =>
    i18n._(msg`Over ${count} report weeks from ${first} to ${last}: ${gcm} GCM and ${usdt} awarded. Best week: ${best}, ${bestGcm} GCM.`),
};

function Earnings({ reports, locale }: { reports: TReportView[]; locale: string }) {
  const chartData = weeklyEarnings(reports, 12, locale);
  return (
    <>
      <Suspense
        fallback={
          <div className="flex h-72 items-center justify-center">
            <Spinner label={i18n._(msg`Loading chart`)} />
          </div>
        }
      >
        <EarningsChart data={chartData} />
      </Suspense>
      <p className="mt-3 text-sm text-muted">{earningsSummary(chartData, SUMMARY, locale)}</p>
      <div className="sr-only">
        <table>
          <caption>
            <Trans>Earnings per report week</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Week of</Trans>
              </th>
              <th scope="col">
                <Trans>GCM awarded</Trans>
              </th>
              <th scope="col">
                <Trans>USDT awarded ($)</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {chartData.map((point) => (
              <tr key={point.week}>
                <td>{dateIn(point.week, locale)}</td>
                <td>{point.gcm}</td>
                <td>{point.usdt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A report's status as the page's language says it. */
const STATUS: Record<TReportView['status'], MessageDescriptor> = { pending: msg`pending`, approved: msg`approved`, rejected: msg`rejected` };

/** Spec §4: 'approved' gets a highlighted badge, any other status a secondary one; GCM shows '+amount' above 0. */
function reportColumns(locale: string): ReadonlyArray<Column<TReportView>> {
  return [
    {
      header: i18n._(msg`Week Period`),
      // A rejected report's feedback shows here at a glance, with a link to the whole report.
      cell: (report) => (
        <>
          {weekIn(report.weekStartDate, report.weekEndDate, locale)}
          <FeedbackAtAGlance report={report} />
        </>
      ),
      className: 'font-medium',
      card: 'title',
    },
    {
      header: i18n._(msg`Status`),
      card: 'aside',
      cell: (report) => (
        <Badge variant={report.status === 'approved' ? 'default' : 'secondary'} className="capitalize">
          {i18n._(STATUS[report.status])}
        </Badge>
      ),
    },
    {
      header: i18n._(msg`GCM Awarded`),
      cell: (report) => <span className="font-mono text-gold">{isPositiveMoney(report.gcmAwarded || '0') ? `+${gcmIn(report.gcmAwarded, locale)}` : '-'}</span>,
    },
    { header: i18n._(msg`Submitted`), cell: (report) => <span className="text-muted">{dateIn(report.createdAt, locale)}</span> },
  ];
}

function StatCard({ icon, label, sub, value, accent }: { icon: ReactNode; label: string; sub: string; value: string; accent: 'gold' | 'green' }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium uppercase tracking-wide text-muted sm:text-sm sm:normal-case sm:tracking-normal">{label}</p>
        <span className={cn('rounded-lg p-1.5 [&_svg]:size-4', accent === 'gold' ? 'bg-gold/10 text-gold' : 'bg-pitch/15 text-pitch-light')} aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className={cn('mt-2 truncate font-mono text-xl font-bold sm:text-2xl', accent === 'gold' ? 'text-gold' : 'text-pitch-light')}>{value}</p>
      <p className="text-xs text-muted">{sub}</p>
    </Card>
  );
}
