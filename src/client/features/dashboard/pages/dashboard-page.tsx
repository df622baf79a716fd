import { ArrowRight, Award, BarChart3, CalendarDays, Coins, DollarSign, FilePlus2, FileText, Mail, MapPin, UserRound } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import { badgeRangeLabel, badgeTier } from '../../../../shared/badges.ts';
import { formatDate, formatGcm, formatUsdt, formatWeek, initials } from '../../../../shared/format.ts';
import { isPositiveMoney } from '../../../../shared/money.ts';
import type { TOwnAmbassador } from '../../../../shared/schemas/ambassadors.ts';
import type { TReportView } from '../../../../shared/schemas/reports.ts';
import { DASHBOARD_RECENT_REPORTS } from '../../../../shared/limits.ts';
import { useMyReports } from '../../../api/reports.ts';
import { useAuth } from '../../../app/auth.tsx';
import { BadgePill, asBadgeLevel, badgeTextClass } from '../../../components/badge-level.tsx';
import { MemberLayout } from '../../../components/layout/member-layout.tsx';
import { AmbassadorState } from '../../../components/no-ambassador-profile.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { FeedbackAtAGlance } from '../../../components/report-feedback.tsx';
import { SuspendedNotice } from '../../../components/suspended-notice.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ResponsiveTable, type Column } from '../../../components/ui/responsive-table.tsx';
import { cn } from '../../../lib/utils.ts';
import { earningsSummary, weeklyEarnings } from '../components/weekly-earnings.ts';

const EarningsChart = lazy(() => import('../components/earnings-chart.tsx'));

export function DashboardPage() {
  const { user } = useAuth();
  const isAdmin = Boolean(user?.isAdmin || user?.isSuperAdmin);
  if (isAdmin) return <Redirect to="/admin" replace />;
  return (
    <MemberLayout>
      <AmbassadorState loadingLabel="Loading dashboard..." failure="The dashboard could not be loaded." dashboard>
        {(ambassador) => <Dashboard ambassador={ambassador} />}
      </AmbassadorState>
    </MemberLayout>
  );
}

function Dashboard({ ambassador }: { ambassador: TOwnAmbassador }) {
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
            <h2 className="text-lg font-bold">Your prizes</h2>
            <ul className="text-sm">
              {ambassador.wins.slice(0, 3).map((win) => (
                <li key={`${win.month}-${win.kind}`}>
                  {win.text}: {formatUsdt(win.prizeUsdt)} credited to your wallet.
                </li>
              ))}
            </ul>
            <a href="/hall-of-fame" className="text-sm font-semibold text-gold underline">
              See the Hall of Fame
            </a>
          </CardContent>
        </Card>
      ) : null}
      <Card className="pitch-lines">
        <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
          <span aria-hidden="true" className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-gold text-2xl font-black text-gold-foreground">
            {initials(ambassador.fullName)}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="truncate text-2xl font-extrabold tracking-tight">{ambassador.fullName}</h1>
              <BadgePill level={level} />
            </div>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
              <span className="inline-flex items-center gap-1.5 break-all">
                <Mail className="size-4 shrink-0" aria-hidden="true" />
                {ambassador.email}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden="true" />
                {ambassador.country}
              </span>
            </div>
          </div>
        </CardContent>
      </Card>

      <section aria-label="Earnings" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <StatCard icon={<Coins />} label="Total GCM" sub="All-time" value={formatGcm(ambassador.totalGcmEarned)} accent="gold" />
        <StatCard icon={<CalendarDays />} label="Monthly GCM" sub="This month" value={formatGcm(ambassador.monthlyGcm)} accent="gold" />
        <StatCard icon={<DollarSign />} label="Total USDT" sub="All-time" value={formatUsdt(ambassador.totalUsdtEarned)} accent="green" />
        <StatCard icon={<DollarSign />} label="Monthly USDT" sub="This month" value={formatUsdt(ambassador.monthlyUsdt)} accent="green" />
      </section>

      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <CardHeader>
            <CardDescription className="inline-flex items-center gap-2">
              <Award className="size-4" aria-hidden="true" /> Badge Level
            </CardDescription>
            <p className={cn('text-3xl font-extrabold', badgeTextClass(level))}>{tier.label}</p>
            <p className="text-sm text-muted">{badgeRangeLabel(tier)} GCM/month</p>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription className="inline-flex items-center gap-2">
              <FileText className="size-4" aria-hidden="true" /> Activity Reports
            </CardDescription>
            <p className="text-3xl font-extrabold">{reportCount}</p>
            <Link href="/submit-report" className="inline-flex items-center gap-1 text-sm font-semibold text-gold hover:underline">
              <FilePlus2 className="size-4" aria-hidden="true" /> Submit New
            </Link>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Quick Actions</CardTitle>
            <div className="mt-2 flex flex-col gap-2">
              <Link href="/submit-report" className={buttonVariants({ size: 'sm' })}>
                <FilePlus2 aria-hidden="true" /> Submit Weekly Report
              </Link>
              <Link href="/profile" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
                <UserRound aria-hidden="true" /> View Full Profile
              </Link>
            </div>
          </CardHeader>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="inline-flex items-center gap-2">
            <BarChart3 className="size-5 text-gold" aria-hidden="true" /> Weekly Earnings
          </CardTitle>
          <CardDescription>GCM and USDT awarded for each report week.</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            query={reports}
            failure="Your weekly earnings could not be loaded."
            loading={
              <div className="flex h-72 items-center justify-center">
                <Spinner />
              </div>
            }
            isEmpty={(list) => weeklyEarnings(list).length === 0}
            empty={<p className="py-8 text-center text-sm text-muted">Your weekly earnings appear here once a report is approved.</p>}
          >
            {(list) => <Earnings reports={list} />}
          </QueryState>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle>Recent Activity Reports</CardTitle>
            <CardDescription>Your latest {DASHBOARD_RECENT_REPORTS} reports.</CardDescription>
          </div>
          <Link href="/reports" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
            View all reports <ArrowRight aria-hidden="true" />
          </Link>
        </CardHeader>
        <CardContent>
          <QueryState
            query={reports}
            failure="Your reports could not be loaded."
            isEmpty={(list) => list.length === 0}
            empty={
              <EmptyState icon={<FileText />} title="No reports submitted yet">
                <Link href="/submit-report" className={cn(buttonVariants({ size: 'sm' }), 'mt-3')}>
                  Submit Your First Report
                </Link>
              </EmptyState>
            }
          >
            {(list) => (
              <ResponsiveTable
                label="Recent Activity Reports"
                rows={list.slice(0, DASHBOARD_RECENT_REPORTS)}
                rowKey={(report) => report.id}
                columns={REPORT_COLUMNS}
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}

function Earnings({ reports }: { reports: TReportView[] }) {
  const chartData = weeklyEarnings(reports);
  return (
    <>
      <Suspense
        fallback={
          <div className="flex h-72 items-center justify-center">
            <Spinner label="Loading chart" />
          </div>
        }
      >
        <EarningsChart data={chartData} />
      </Suspense>
      <p className="mt-3 text-sm text-muted">{earningsSummary(chartData)}</p>
      <div className="sr-only">
        <table>
          <caption>Earnings per report week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">GCM awarded</th>
              <th scope="col">USDT awarded ($)</th>
            </tr>
          </thead>
          <tbody>
            {chartData.map((point) => (
              <tr key={point.week}>
                <td>{formatDate(point.week)}</td>
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

/** Spec §4: 'approved' gets a highlighted badge, any other status a secondary one; GCM shows '+amount' above 0. */
const REPORT_COLUMNS: ReadonlyArray<Column<TReportView>> = [
  {
    header: 'Week Period',
    // A rejected report's feedback shows here at a glance, with a link to the whole report.
    cell: (report) => (
      <>
        {formatWeek(report.weekStartDate, report.weekEndDate)}
        <FeedbackAtAGlance report={report} />
      </>
    ),
    className: 'font-medium',
    card: 'title',
  },
  {
    header: 'Status',
    card: 'aside',
    cell: (report) => (
      <Badge variant={report.status === 'approved' ? 'default' : 'secondary'} className="capitalize">
        {report.status}
      </Badge>
    ),
  },
  {
    header: 'GCM Awarded',
    cell: (report) => <span className="font-mono text-gold">{isPositiveMoney(report.gcmAwarded || '0') ? `+${formatGcm(report.gcmAwarded)}` : '-'}</span>,
  },
  { header: 'Submitted', cell: (report) => <span className="text-muted">{formatDate(report.createdAt)}</span> },
];

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
