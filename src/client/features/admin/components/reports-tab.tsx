import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { DECISION_STATUSES } from '../../../../shared/enums.ts';
import { formatDateTime, formatGcm, formatUsdt, formatWeek } from '../../../../shared/format.ts';
import type { z } from 'zod';
import { ZReviewInput } from '../../../../shared/schemas/reports.ts';
import type { TAdminReportView } from '../../../../shared/schemas/views.ts';
import { BadgePill } from '../../../components/badge-level.tsx';
import { actionsColumn, type Column } from '../../../components/ui/responsive-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogFooter, ModalDialog } from '../../../components/ui/dialog.tsx';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { EnumOptions, Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { adminKeys } from '../api/keys.ts';
import { useReviewReport } from '../api/review-report.ts';
import { useAdminList } from '../api/use-admin-list.ts';
import { adminOutcome } from './admin-error.ts';
import { AdminList, ambassadorColumn, amountColumn, type RowDialogProps } from './admin-list.tsx';
import { DetailList, TextBlock } from './detail-list.tsx';
import { SocialLinkList } from './social-links.tsx';

/** A review decides between these (the other status is where a report starts). */
const DECISIONS = DECISION_STATUSES.filter((status) => status !== 'pending');

function columns(open: (row: TAdminReportView) => void): Array<Column<TAdminReportView>> {
  return [
    { header: 'Week Period', cell: (r) => formatWeek(r.weekStartDate, r.weekEndDate), className: 'font-medium' },
    ambassadorColumn(),
    { header: 'Status', cell: (r) => <StatusBadge status={r.status} />, card: 'aside' },
    amountColumn('GCM', 'GCM', (r) => r.gcmAwarded),
    amountColumn('USDT', 'USDT', (r) => r.usdtAwarded),
    actionsColumn('Review', (r) => (
      <Button
        variant={r.status === 'pending' ? 'default' : 'outline'}
        size="sm"
        onClick={() => open(r)}
        aria-label={`Review report of ${r.ambassador.fullName}`}
      >
        <ClipboardCheck aria-hidden="true" /> {r.status === 'pending' ? 'Review' : 'View'}
      </Button>
    )),
  ];
}

export function ReportsTab() {
  const list = useAdminList<TAdminReportView>(adminKeys.reports, '/api/admin/reports', { filter: DECISION_STATUSES });
  return <AdminList title="Weekly Reports" label="Reports" list={list} columns={columns} Dialog={ReportDialog} emptyText="No reports found" />;
}

function ReportDialog({ row: report, onClose }: RowDialogProps<TAdminReportView>) {
  const a = report.ambassador;
  return (
    <ModalDialog onClose={onClose} title="Weekly Report" description={formatWeek(report.weekStartDate, report.weekEndDate)} className="max-w-2xl">
      <div className="flex flex-col gap-5">
        <section aria-label="Ambassador details" className="flex flex-col gap-3 rounded-xl border border-border p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-bold">{a.fullName}</h3>
            <BadgePill level={a.badgeLevel} />
          </div>
          <SocialLinkList
            handles={a}
            personalTelegram={a.personalTelegramHandle}
            before={[
              ['Email', a.email],
              ['Country', a.country],
            ]}
          />
        </section>
        <TextBlock title="Activity Report">{report.activityReport}</TextBlock>
        <p className="text-xs text-muted">Submitted {formatDateTime(report.createdAt)}</p>
        {report.status === 'pending' ? (
          <ReviewForm report={report} onDone={onClose} />
        ) : (
          <section aria-label="Review" className="flex flex-col gap-2 rounded-xl border border-border p-4">
            <div className="flex items-center gap-2">
              <h3 className="font-semibold">Review</h3>
              <StatusBadge status={report.status} />
            </div>
            <DetailList
              items={[
                ['GCM Awarded', formatGcm(report.gcmAwarded)],
                ['USDT Awarded', formatUsdt(report.usdtAwarded)],
                ['Admin Notes', report.adminNotes || 'None'],
                ['Reviewed', formatDateTime(report.reviewedAt)],
              ]}
            />
          </section>
        )}
      </div>
    </ModalDialog>
  );
}

function ReviewForm({ report, onDone }: { report: TAdminReportView; onDone: () => void }) {
  const review = useReviewReport();
  const form = useForm({
    resolver: zodResolver(ZReviewInput),
    defaultValues: { status: 'approved', gcmAwarded: '0', usdtAwarded: '0', adminNotes: '' },
  });
  const submit = (input: z.output<typeof ZReviewInput>) =>
    review.mutate(
      { id: report.id, input },
      adminOutcome({ title: 'Report Reviewed', text: `The report was ${input.status}.` }, 'Failed to review report', onDone),
    );
  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-4 rounded-xl border border-gold/30 bg-gold/5 p-4" aria-label="Review report">
      <h3 className="font-semibold">Review</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="gcmAwarded" label="GCM Awarded">
          <Input type="number" inputMode="decimal" min={0} step="0.01" />
        </FormField>
        <FormField name="usdtAwarded" label="USDT Awarded">
          <Input type="number" inputMode="decimal" min={0} step="0.01" />
        </FormField>
      </div>
      <FormField name="adminNotes" label="Admin Notes (optional)">
        <Textarea rows={3} className="min-h-20" />
      </FormField>
      <FormField name="status" label="Status" required>
        <NativeSelect>
          <EnumOptions values={DECISIONS} />
        </NativeSelect>
      </FormField>
      <DialogFooter className="mt-0">
        <Button type="submit" loading={review.isPending}>
          Submit Review
        </Button>
      </DialogFooter>
    </Form>
  );
}
