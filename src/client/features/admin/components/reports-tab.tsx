import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardCheck, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime, formatGcm, formatUsdt, formatWeek } from '../../../../shared/format.ts';
import { ZReviewInput, type TReviewInput } from '../../../../shared/schemas/reports.ts';
import type { Report } from '../../../api/types.ts';
import { BadgePill } from '../../../components/badge-level.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table.tsx';
import { notify } from '../../../lib/toast.ts';
import { useAdminReports, type StatusFilter } from '../api/get-reports.ts';
import { ADMIN_PAGE_SIZE } from '../api/keys.ts';
import { useReviewReport, type ReviewInput } from '../api/review-report.ts';
import { adminError } from './admin-error.ts';
import { DetailList, TextBlock } from './detail-list.tsx';
import { ListCard } from './list-card.tsx';
import { SocialLinkList } from './social-links.tsx';
import { StatusFilterSelect } from './status-filter.tsx';

export function ReportsTab() {
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [selected, setSelected] = useState<Report | null>(null);
  const query = useAdminReports(offset, status);
  const items = query.data?.items ?? [];
  return (
    <>
      <ListCard
        title="Weekly Reports"
        actions={
          <StatusFilterSelect
            label="Status"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setOffset(0);
            }}
          />
        }
        isLoading={query.isLoading}
        isError={query.isError}
        isEmpty={items.length === 0}
        emptyText="No reports found"
        footer={<Pagination label="Reports" offset={offset} limit={ADMIN_PAGE_SIZE} total={query.data?.total ?? 0} onOffsetChange={setOffset} />}
      >
        <Table aria-label="Reports">
          <THead>
            <tr>
              <TH>Week Period</TH>
              <TH>Ambassador</TH>
              <TH>Status</TH>
              <TH className="text-right">GCM</TH>
              <TH className="text-right">USDT</TH>
              <TH>
                <span className="sr-only">Review</span>
              </TH>
            </tr>
          </THead>
          <TBody>
            {items.map((report) => (
              <TR key={report.id}>
                <TD className="font-medium">{formatWeek(report.weekStartDate, report.weekEndDate)}</TD>
                <TD>
                  <p className="font-semibold">{report.ambassador?.fullName ?? '-'}</p>
                  <p className="text-xs text-muted">{report.ambassador?.email}</p>
                </TD>
                <TD>
                  <StatusBadge status={report.status} />
                </TD>
                <TD className="text-right font-mono text-gold">{formatGcm(report.gcmAwarded)}</TD>
                <TD className="text-right font-mono text-pitch-light">{formatUsdt(report.usdtAwarded)}</TD>
                <TD>
                  <Button
                    variant={report.status === 'pending' ? 'default' : 'outline'}
                    size="sm"
                    onClick={() => setSelected(report)}
                    aria-label={`Review report of ${report.ambassador?.fullName ?? 'ambassador'}`}
                  >
                    <ClipboardCheck aria-hidden="true" /> {report.status === 'pending' ? 'Review' : 'View'}
                  </Button>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </ListCard>
      {selected ? <ReportDialog report={selected} onClose={() => setSelected(null)} /> : null}
    </>
  );
}

function ReportDialog({ report, onClose }: { report: Report; onClose: () => void }) {
  const a = report.ambassador;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Weekly Report" description={formatWeek(report.weekStartDate, report.weekEndDate)} className="max-w-2xl">
        <div className="flex flex-col gap-5">
          {a ? (
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
          ) : null}
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
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm({ report, onDone }: { report: Report; onDone: () => void }) {
  const review = useReviewReport();
  const form = useForm<TReviewInput, unknown, ReviewInput>({
    resolver: zodResolver(ZReviewInput),
    defaultValues: { status: 'approved', gcmAwarded: '0', usdtAwarded: '0', adminNotes: '' },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((input) => {
    review.mutate(
      { id: report.id, input },
      {
        onSuccess: () => {
          notify.success('Report Reviewed', `The report was ${input.status}.`);
          onDone();
        },
        onError: adminError('Failed to review report'),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-xl border border-gold/30 bg-gold/5 p-4" aria-label="Review report">
      <h3 className="font-semibold">Review</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="GCM Awarded" error={errors.gcmAwarded?.message}>
          <Input type="number" inputMode="decimal" min={0} step="0.01" {...form.register('gcmAwarded')} />
        </Field>
        <Field label="USDT Awarded" error={errors.usdtAwarded?.message}>
          <Input type="number" inputMode="decimal" min={0} step="0.01" {...form.register('usdtAwarded')} />
        </Field>
      </div>
      <Field label="Admin Notes (optional)" error={errors.adminNotes?.message}>
        <Textarea rows={3} className="min-h-20" {...form.register('adminNotes')} />
      </Field>
      <Field label="Status" error={errors.status?.message}>
        <NativeSelect {...form.register('status')}>
          <option value="approved">Approved</option>
          <option value="rejected">Rejected</option>
        </NativeSelect>
      </Field>
      <DialogFooter className="mt-0">
        <Button type="submit" disabled={review.isPending}>
          {review.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Submit Review
        </Button>
      </DialogFooter>
    </form>
  );
}
