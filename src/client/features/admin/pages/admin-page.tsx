import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageMenu } from '../../../i18n/language-menu.tsx';
import { BarChart3, ClipboardList, FileText, KeyRound, ListChecks, LogOut, Plug, Scale, Share2, ShieldAlert, ShieldCheck, Users, Wallet } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { countIn, dateTimeIn } from '../../../../shared/localized-format.ts';
import type { TSecurityNotice, TAdminSummary } from '../../../../shared/schemas/admins.ts';
import { useAuth } from '../../../app/auth.tsx';
import { Logo } from '../../../components/layout/logo.tsx';
import { SkipLink } from '../../../components/layout/skip-link.tsx';
import { StickyHeader } from '../../../components/layout/sticky-header.tsx';
import { MfaSettings } from '../../../components/mfa/mfa-settings.tsx';
import { QueryError, QueryState } from '../../../components/query-state.tsx';
import { needsMfaEnrollment } from '../../../lib/api.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { cn } from '../../../lib/utils.ts';
import { useSecurityNotices } from '../api/get-security-notices.ts';
import { useAdminSummary } from '../api/get-summary.ts';
import { AmbassadorsTab } from '../components/ambassadors-tab.tsx';
import { AnalyticsTab } from '../components/analytics-tab.tsx';
import { AppealsTab } from '../components/appeals-tab.tsx';
import { ApplicationsTab } from '../components/applications-tab.tsx';
import { ReportsTab } from '../components/reports-tab.tsx';
import { ReferralsTab } from '../components/referrals-tab.tsx';
import { SuperAdminTab } from '../components/super-admin-tab.tsx';
import { IntegrationsTab } from '../components/integrations-tab.tsx';
import { TasksTab } from '../components/tasks-tab.tsx';
import { WithdrawalsTab } from '../components/withdrawals-tab.tsx';
import { actionLabel } from '../components/admin-action-text.ts';
import { translatedMessage } from '../../../i18n/api-messages.ts';
import { MFA_MESSAGES } from '../../../../shared/schemas/messages.ts';

export function AdminPage() {
  const { user, logoutMutation } = useAuth();
  const { t } = useLingui();
  const isAdmin = Boolean(user?.isAdmin || user?.isSuperAdmin);

  if (!isAdmin) {
    return (
      <main id="main" className="flex min-h-screen items-center justify-center px-4">
        <Card className="w-full max-w-md">
          <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
            <ShieldAlert className="size-12 text-danger" aria-hidden="true" />
            <h1 className="text-2xl font-bold">
              <Trans>Access Denied</Trans>
            </h1>
            <p className="text-muted">
              <Trans>You don&apos;t have permission to access this page.</Trans>
            </p>
            <Link href="/dashboard" className={buttonVariants()}>
              <Trans>Go to Dashboard</Trans>
            </Link>
          </CardContent>
        </Card>
      </main>
    );
  }

  // Their name: an account's username is its email unless chosen (applications and added admins set it so).
  const name = user?.fullName || user?.username || user?.email || '';
  return (
    <div className="min-h-screen">
      <SkipLink />
      <StickyHeader className="bg-background/90">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
          <div className="flex min-w-0 items-center gap-3">
            <Logo />
            <span className="hidden h-6 w-px bg-border sm:block" aria-hidden="true" />
            <p className="truncate text-sm font-semibold sm:text-base">
              <span className="text-muted">
                <Trans>Admin:</Trans>
              </span>{' '}
              {name}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <LanguageMenu />
            <Button variant="outline" size="sm" onClick={() => logoutMutation.mutate()} loading={logoutMutation.isPending}>
              <LogOut aria-hidden="true" /> <Trans>Logout</Trans>
            </Button>
          </div>
        </div>
      </StickyHeader>
      <main id="main" className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          <Trans>Admin Console</Trans>
        </h1>
        <ConsoleOrEnrollment>
          <SecurityNotices />
          <SummaryCards />
          <Tabs defaultValue="applications">
            <TabsList aria-label={t`Admin sections`}>
              <TabsTrigger value="applications">
                <ClipboardList className="size-4" aria-hidden="true" /> <Trans>Applications</Trans>
              </TabsTrigger>
              <TabsTrigger value="reports">
                <FileText className="size-4" aria-hidden="true" /> <Trans>Reports</Trans>
              </TabsTrigger>
              <TabsTrigger value="ambassadors">
                <Users className="size-4" aria-hidden="true" /> <Trans>Ambassadors</Trans>
              </TabsTrigger>
              <TabsTrigger value="withdrawals">
                <Wallet className="size-4" aria-hidden="true" /> <Trans>Withdrawals</Trans>
              </TabsTrigger>
              <TabsTrigger value="appeals">
                <Scale className="size-4" aria-hidden="true" /> <Trans>Appeals</Trans>
                <PendingAppeals />
              </TabsTrigger>
              <TabsTrigger value="referrals">
                <Share2 className="size-4" aria-hidden="true" /> <Trans>Referrals</Trans>
              </TabsTrigger>
              <TabsTrigger value="tasks">
                <ListChecks className="size-4" aria-hidden="true" /> <Trans>Tasks</Trans>
              </TabsTrigger>
              <TabsTrigger value="analytics">
                <BarChart3 className="size-4" aria-hidden="true" /> <Trans>Analytics</Trans>
              </TabsTrigger>
              {user?.isSuperAdmin ? (
                <TabsTrigger value="super-admin">
                  <ShieldCheck className="size-4" aria-hidden="true" /> <Trans>Super Admin</Trans>
                </TabsTrigger>
              ) : null}
              {user?.isSuperAdmin ? (
                <TabsTrigger value="integrations">
                  <Plug className="size-4" aria-hidden="true" /> <Trans>Integrations</Trans>
                </TabsTrigger>
              ) : null}
              <TabsTrigger value="security">
                <KeyRound className="size-4" aria-hidden="true" /> <Trans>Security</Trans>
              </TabsTrigger>
            </TabsList>
            <TabsContent value="applications">
              <ApplicationsTab />
            </TabsContent>
            <TabsContent value="reports">
              <ReportsTab />
            </TabsContent>
            <TabsContent value="ambassadors">
              <AmbassadorsTab />
            </TabsContent>
            <TabsContent value="withdrawals">
              <WithdrawalsTab />
            </TabsContent>
            <TabsContent value="appeals">
              <AppealsTab />
            </TabsContent>
            <TabsContent value="referrals">
              <ReferralsTab />
            </TabsContent>
            <TabsContent value="tasks">
              <TasksTab />
            </TabsContent>
            <TabsContent value="analytics">
              <AnalyticsTab />
            </TabsContent>
            {user?.isSuperAdmin ? (
              <TabsContent value="super-admin">
                <SuperAdminTab />
              </TabsContent>
            ) : null}
            {user?.isSuperAdmin ? (
              <TabsContent value="integrations">
                <IntegrationsTab />
              </TabsContent>
            ) : null}
            <TabsContent value="security">
              <MfaSettings />
            </TabsContent>
          </Tabs>
        </ConsoleOrEnrollment>
      </main>
    </div>
  );
}

/** How many appeals wait for a decision, beside the tab's name (none: nothing is shown). */
function PendingAppeals() {
  const { i18n } = useLingui();
  const pending = useAdminSummary().data?.pendingAppeals ?? 0;
  if (!pending) return null;
  return (
    <span className="ml-1 rounded-full bg-background px-1.5 py-0.5 font-mono text-[11px] font-bold leading-none text-gold ring-1 ring-gold/60">
      {countIn(pending, i18n.locale)}
      <span className="sr-only">
        {' '}
        <Trans>pending</Trans>
      </span>
    </span>
  );
}

/**
 * With ADMIN_MFA=required the admin APIs refuse an admin without two-factor authentication
 * (403 MFA_ENROLL): the console walks them through enrolment before anything else.
 */
function ConsoleOrEnrollment({ children }: { children: ReactNode }) {
  const summary = useAdminSummary();
  // Once refused for want of enrolment, the page stays on enrolment (it reloads once it is done): a
  // read of the summary again (the live stream catching up on failed reads) clears its error while
  // it runs, and the console must not flash up in between.
  const [enrolling, setEnrolling] = useState(false);
  if (!enrolling && needsMfaEnrollment(summary.error)) setEnrolling(true);
  if (!enrolling && !needsMfaEnrollment(summary.error)) return <>{children}</>;
  return (
    <section aria-labelledby="mfa-first" className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h2 id="mfa-first" className="text-2xl font-bold">
        {translatedMessage(MFA_MESSAGES.enrollFirst)}
      </h2>
      <p className="text-muted">
        <Trans>Admins move real money: the console opens once your account asks for a code from your phone at sign-in.</Trans>
      </p>
      <MfaSettings onEnabled={() => window.location.reload()} />
    </section>
  );
}

/**
 * Changes to the admin team of the last 7 days (an admin added, a password set by a super admin,
 * two-factor turned off), so every admin sees what could be a step towards moving a payout alone.
 */
function SecurityNotices() {
  const notices = useSecurityNotices();
  const { t } = useLingui();
  return (
    <QueryState
      query={notices}
      failure={t`The changes to the admin team could not be loaded.`}
      loading={null}
      compact
      className="rounded-lg border border-danger/40 bg-danger/5 px-4 py-3"
      isEmpty={(items) => items.length === 0}
      empty={null}
    >
      {(items) => <SecurityNoticeList items={items} />}
    </QueryState>
  );
}

function SecurityNoticeList({ items }: { items: TSecurityNotice[] }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="security-notices" className="rounded-lg border border-gold/60 bg-surface-2 p-4">
      <h2 id="security-notices" className="flex items-center gap-2 font-bold">
        <ShieldAlert className="size-5 shrink-0 text-gold" aria-hidden="true" /> <Trans>Changes to the admin team in the last 7 days</Trans>
      </h2>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {items.map((n) => (
          <li key={n.id} className="break-words">
            <strong>{actionLabel(i18n, n.action)}</strong>
            {n.details ? `: ${n.details}` : ''}{' '}
            <Trans>
              by {n.by}, {dateTimeIn(n.at, i18n.locale)}
            </Trans>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-muted">
        <Trans>Every admin was emailed. If one of these was not expected, tell the other admins before approving payouts.</Trans>
      </p>
    </section>
  );
}

function SummaryCards() {
  const summary = useAdminSummary();
  const { t, i18n } = useLingui();
  const s = summary.data;
  // Counts not read are not zeros: '…' while they load, '–' when they could not be read (which the line above them says).
  const value = (n: number | undefined) => (s ? countIn(n ?? 0, i18n.locale) : summary.status === 'error' ? '–' : '…');
  return (
    <>
      {summary.status === 'error' && !needsMfaEnrollment(summary.error) ? (
        <QueryError
          title={t`The pending counts could not be loaded.`}
          query={summary}
          compact
          className="rounded-lg border border-danger/40 bg-danger/5 px-4 py-3"
        />
      ) : null}
      <SummaryGrid value={value} s={s} />
    </>
  );
}

function SummaryGrid({ value, s }: { value: (n: number | undefined) => string; s: TAdminSummary | undefined }) {
  const { t } = useLingui();
  return (
    <section aria-label={t`Summary`} className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      <SummaryCard icon={<Users />} testId="total-ambassadors" label={t`Total Ambassadors`} value={value(s?.totalAmbassadors)} />
      <SummaryCard
        icon={<ClipboardList />}
        testId="pending-applications"
        label={t`Pending Applications`}
        value={value(s?.pendingApplications)}
        highlight={(s?.pendingApplications ?? 0) > 0}
      />
      <SummaryCard
        icon={<FileText />}
        testId="pending-reports"
        label={t`Pending Reports`}
        value={value(s?.pendingReports)}
        highlight={(s?.pendingReports ?? 0) > 0}
      />
      <SummaryCard
        icon={<Wallet />}
        testId="pending-withdrawals"
        label={t`Pending Withdrawals`}
        value={value(s?.pendingWithdrawals)}
        highlight={(s?.pendingWithdrawals ?? 0) > 0}
      />
    </section>
  );
}

function SummaryCard({ icon, testId, label, value, highlight }: { icon: ReactNode; testId: string; label: string; value: string; highlight?: boolean }) {
  return (
    <Card className={cn('p-4 sm:p-5', highlight && 'border-gold/50')}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium text-muted sm:text-sm">{label}</p>
        <span className="rounded-lg bg-gold/10 p-1.5 text-gold [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className="mt-2 font-mono text-2xl font-bold sm:text-3xl" data-testid={`summary-${testId}`}>
        {value}
      </p>
    </Card>
  );
}
