import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { ClipboardList, FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { dateIn, weekIn } from '../../../../shared/localized-format.ts';
import { MY_REPORTS_PAGE_SIZE } from '../../../../shared/limits.ts';
import type { TReportView } from '../../../../shared/schemas/reports.ts';
import { MemberPageTitle } from '../../../components/layout/member-page-title.tsx';
import { AmbassadorPage } from '../../../components/no-ambassador-profile.tsx';
import { NoReportsYet } from '../../../components/no-reports-yet.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { FeedbackAtAGlance, awardText } from '../../../components/report-feedback.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { ResponsiveTable, actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { cn } from '../../../lib/utils.ts';
import { useReportPage } from '../api/get-report-page.ts';
import { ReportDetailDialog } from '../components/report-detail-dialog.tsx';

/** My Reports (DECISIONS §5, Hearing back): every report sent, newest first, each with its awards and the team's feedback. */
export function MyReportsPage() {
  const { t } = useLingui();
  return (
    <AmbassadorPage loadingLabel={t`Loading reports...`} failure={t`Your reports could not be loaded.`}>
      {() => <MyReports />}
    </AmbassadorPage>
  );
}

function MyReports() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const [offset, setOffset] = useState(0);
  const page = useReportPage(offset);
  // The open report is in the address (?id=), so a notification's or an email's link opens it.
  const [, navigate] = useLocation();
  const openId = new URLSearchParams(useSearch()).get('id');
  const rows = page.data?.items ?? [];
  const total = page.data?.total ?? 0;
  const open = (id: string) => navigate(`/reports?id=${encodeURIComponent(id)}`, { replace: true });
  const close = () => navigate('/reports', { replace: true });

  const columns: ReadonlyArray<Column<TReportView>> = [
    {
      header: t`Week Period`,
      card: 'title',
      className: 'font-medium',
      cell: (report) => (
        <>
          {weekIn(report.weekStartDate, report.weekEndDate, locale)}
          <FeedbackAtAGlance report={report} />
        </>
      ),
    },
    { header: t`Status`, card: 'aside', cell: (report) => <StatusBadge status={report.status} /> },
    { header: t`GCM Awarded`, align: 'right', cell: (report) => <span className="font-mono text-gold">{awardText(report.gcmAwarded, 'GCM', locale)}</span> },
    {
      header: t`USDT Awarded`,
      align: 'right',
      cell: (report) => <span className="font-mono text-pitch-light">{awardText(report.usdtAwarded, 'USDT', locale)}</span>,
    },
    { header: t`Submitted`, cell: (report) => <span className="text-muted">{dateIn(report.createdAt, locale)}</span> },
    { header: t`Reviewed`, cell: (report) => <span className="text-muted">{report.reviewedAt ? dateIn(report.reviewedAt, locale) : t`Not yet`}</span> },
    actionsColumn(t`Details`, (report) => (
      <Button
        variant="outline"
        size="sm"
        aria-label={t`View report for ${weekIn(report.weekStartDate, report.weekEndDate, locale)}`}
        onClick={(event) => {
          // The row's own click would open it a second time.
          event.stopPropagation();
          open(report.id);
        }}
      >
        <Trans>View</Trans>
      </Button>
    )),
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <MemberPageTitle
          icon={ClipboardList}
          title={<Trans>My Reports</Trans>}
          lead={<Trans>Every weekly report you have sent, newest first, with its rewards and the team&apos;s feedback.</Trans>}
        />
        <Link href="/submit-report" className={cn(buttonVariants({ size: 'sm' }), 'w-fit')}>
          <FilePlus2 aria-hidden="true" /> <Trans>Submit Weekly Report</Trans>
        </Link>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Activity Reports</Trans>
          </CardTitle>
          <CardDescription>
            {page.data ? plural(total, { one: '# report in all.', other: '# reports in all.' }) : t`Your reports and their reviews.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            query={page}
            failure={t`Your reports could not be loaded.`}
            loadingLabel={t`Loading reports`}
            isEmpty={(found) => found.items.length === 0}
            empty={<NoReportsYet icon={<ClipboardList />} />}
          >
            {(found) => (
              <div className={cn('flex flex-col gap-4', page.isPlaceholderData && 'opacity-60')} aria-busy={page.isPlaceholderData || undefined}>
                <ResponsiveTable
                  label={t`My Reports`}
                  rows={found.items}
                  rowKey={(report) => report.id}
                  columns={columns}
                  onRowClick={(report) => open(report.id)}
                />
                <Pagination offset={offset} limit={MY_REPORTS_PAGE_SIZE} total={found.total} onOffsetChange={setOffset} label={t`My Reports`} />
              </div>
            )}
          </QueryState>
        </CardContent>
      </Card>
      {openId ? <ReportDetailDialog key={openId} id={openId} shown={rows.find((report) => report.id === openId)} onClose={close} /> : null}
    </div>
  );
}
