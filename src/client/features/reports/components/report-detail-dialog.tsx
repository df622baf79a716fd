import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateIn, weekIn } from '../../../../shared/localized-format.ts';
import { REPORT_REVIEW_DAYS } from '../../../../shared/limits.ts';
import type { TReportView } from '../../../../shared/schemas/reports.ts';
import { decisionOf } from '../../../api/decisions.ts';
import { AppealPanel, DecisionHistory, DecisionReason } from '../../../components/decision-reason.tsx';
import { awardText } from '../../../components/report-feedback.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { ModalDialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useReport } from '../api/get-report.ts';

/** A report in full: its awards, the team's feedback (the admin's notes) and the text that was sent. */
export function ReportDetailDialog({ id, shown, onClose }: { id: string; shown: TReportView | undefined; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const query = useReport(id, shown);
  const report = query.data;
  return (
    <ModalDialog
      onClose={onClose}
      title={report ? t`Report for ${weekIn(report.weekStartDate, report.weekEndDate, locale)}` : t`Weekly Report`}
      description={report ? t`Submitted ${dateIn(report.createdAt, locale)}` : undefined}
      className="max-w-2xl"
    >
      <QueryState
        query={query}
        failure={t`The report could not be loaded.`}
        loadingLabel={t`Loading report`}
        compact
        missing={{
          when: (error) => error instanceof ApiError && error.status === 404,
          show: (
            <p role="alert" className="text-sm text-muted">
              <Trans>This report could not be found. It may belong to another account.</Trans>
            </p>
          ),
        }}
      >
        {(shownReport) => <ReportDetail report={shownReport} />}
      </QueryState>
    </ModalDialog>
  );
}

function ReportDetail({ report }: { report: TReportView }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact label={t`Status`}>
          <StatusBadge status={report.status} />
        </Fact>
        <Fact label={t`GCM Awarded`}>
          <span className="font-mono text-gold">{awardText(report.gcmAwarded, 'GCM', locale)}</span>
        </Fact>
        <Fact label={t`USDT Awarded`}>
          <span className="font-mono text-pitch-light">{awardText(report.usdtAwarded, 'USDT', locale)}</span>
        </Fact>
        <Fact label={t`Reviewed`}>{report.reviewedAt ? dateIn(report.reviewedAt, locale) : t`Not yet`}</Fact>
      </dl>
      {report.status === 'rejected' ? (
        <RejectedReport report={report} />
      ) : report.adminNotes ? (
        <section aria-labelledby={`feedback-${report.id}`} className="flex flex-col gap-2">
          <h3 id={`feedback-${report.id}`} className="text-base font-bold">
            <Trans>Feedback from the team</Trans>
          </h3>
          <p className="whitespace-pre-wrap break-words rounded-xl border border-gold/40 bg-gold/5 p-4 text-sm">{report.adminNotes}</p>
        </section>
      ) : report.status === 'pending' ? (
        <p className="text-sm text-muted">
          <Trans>The team reviews each report within {REPORT_REVIEW_DAYS} business days; rewards are added once it is approved.</Trans>
        </p>
      ) : null}
      {report.status !== 'rejected' && report.appeal && report.appealedDecision ? (
        <DecisionHistory rejection={report.appealedDecision} appeal={report.appeal} />
      ) : null}
      <section aria-labelledby={`text-${report.id}`} className="flex flex-col gap-2">
        <h3 id={`text-${report.id}`} className="text-base font-bold">
          <Trans>Your report</Trans>
        </h3>
        <p className="whitespace-pre-wrap break-words rounded-xl border border-border bg-background/40 p-4 text-sm">{report.activityReport}</p>
      </section>
    </div>
  );
}

/** Why it was rejected, and its one appeal (DECISIONS §6). */
function RejectedReport({ report }: { report: TReportView }) {
  const { t } = useLingui();
  const decision = decisionOf(report);
  return (
    <section aria-label={t`Why this report was rejected`} className="flex flex-col gap-3">
      <DecisionReason code={decision.code} facts={decision.facts} flags={decision.flags} />
      <AppealPanel subject="report" id={report.id} decision={decision} />
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
